import { normalizePath } from "./paths";

/** The page whose prerendered HTML the app hydrated (boot.tsx), if it did. */
let served: string | undefined;

export function hydratesServedPage(path: string): void {
  served = normalizePath(path);
}

/**
 * Whether the app shows the page the document arrived with, prerendered: parts of it that load their
 * code on first use (staticPart.tsx) are then in the HTML already. (A visitor who went elsewhere and
 * came back did so with a click or a key, which loaded them.)
 */
export const onServedPage = (): boolean => served !== undefined && normalizePath(window.location.pathname) === served;
