import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import ts from "typescript";

/** Walks TypeScript sources' run-time imports (type-only imports are erased, so they are left out). */

export function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "node_modules" ? [] : sourceFiles(path);
    return /\.tsx?$/.test(path) && !path.endsWith(".d.ts") ? [path] : [];
  });
}

/**
 * The specifiers `file` imports at run time: static imports and re-exports that are not type-only,
 * and dynamic imports. With `types`, its type-only imports and re-exports too.
 */
export function runtimeSpecifiers(file: string, options: { types?: boolean } = {}): string[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, "utf8"),
    ts.ScriptTarget.Latest,
    false,
    file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const specifiers: string[] = [];
  const visit = (node: ts.Node) => {
    if (options.types && (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly && ts.isStringLiteral(node.moduleSpecifier)) {
      const named = node.importClause?.namedBindings;
      const onlyTypes = !node.importClause?.name && named && ts.isNamedImports(named) && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly);
      if (!onlyTypes) specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && !node.isTypeOnly && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      specifiers.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      specifiers.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return [...new Set(specifiers)];
}

const CORE_SRC = resolve(__dirname, "../../packages/core/src");
const CORE_EXPORTS = (JSON.parse(readFileSync(resolve(CORE_SRC, "../package.json"), "utf8")) as { exports: Record<string, string> }).exports;

/** `@site/core/<path>` through the package's exports map, as the bundler resolves it. */
function resolveCore(subpath: string): string | undefined {
  for (const [pattern, target] of Object.entries(CORE_EXPORTS)) {
    const key = pattern.replace(/^\.\/?/, "");
    if (!pattern.includes("*")) {
      if (key === subpath) return resolve(CORE_SRC, "..", target);
      continue;
    }
    const [prefix, suffix] = key.split("*");
    if (subpath.startsWith(prefix) && subpath.endsWith(suffix) && subpath.length > prefix.length) {
      const file = resolve(CORE_SRC, "..", target.replace("*", subpath.slice(prefix.length, subpath.length - suffix.length || undefined)));
      if (existsSync(file)) return file;
    }
  }
  return undefined;
}

/** A specifier as a file of this repository, if it is one (relative, or `@site/core/…`); undefined for packages. */
export function resolveLocal(from: string, specifier: string): string | undefined {
  if (specifier.startsWith("@site/core/")) return resolveCore(specifier.slice("@site/core/".length));
  if (specifier === "@site/core") return undefined;
  if (!specifier.startsWith(".")) return undefined;
  const base = resolve(dirname(from), specifier);
  return [`${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")].find((candidate) => existsSync(candidate));
}
