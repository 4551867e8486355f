/** "/petition/" and "/petition" are the same page; "" is "/". */
export function normalizePath(path: string): string {
  const trimmed = path.replace(/\/+$/, "");
  return trimmed === "" ? "/" : trimmed;
}

/** Whether HTML prerendered for `prerenderedPath` may be hydrated at `currentPath`. */
export function canHydrate(prerenderedPath: string | undefined, currentPath: string): boolean {
  return prerenderedPath !== undefined && normalizePath(prerenderedPath) === normalizePath(currentPath);
}
