import { readFileSync } from "node:fs";
import { relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { routes } from "../../packages/functions/src/routes";
import { sourceFiles } from "../../test/support/imports";
import { API_ROUTES, apiPath, type ApiRoute } from "../src/admin/api/paths";

/**
 * The admin console calls only routes the server has: every entry of web/src/admin/api/paths.ts
 * is a route of packages/functions/src/routes.ts (method and path, parameters' names aside), and
 * no other admin file writes an /api/ path of its own.
 */
const ADMIN_SRC = resolve(__dirname, "../src/admin");
const PATHS_FILE = resolve(ADMIN_SRC, "api/paths.ts");

const normalised = (route: { method: string; path: string }) => `${route.method} ${route.path.replace(/\{[^}]+\}/g, "{}")}`;
const serverRoutes = new Set(routes.map(normalised));
const isServerRoute = (route: ApiRoute) => serverRoutes.has(normalised(route));

/** String and template literal texts of a file that hold "/api/", module specifiers left out. */
function apiLiterals(file: string): string[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, "utf8"),
    ts.ScriptTarget.Latest,
    true,
    file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    const isSpecifier = (ts.isImportDeclaration(node.parent) || ts.isExportDeclaration(node.parent)) && node.parent.moduleSpecifier === node;
    const isDynamicImport = ts.isCallExpression(node.parent) && node.parent.expression.kind === ts.SyntaxKind.ImportKeyword;
    if ((ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) && !isSpecifier && !isDynamicImport && node.text.includes("/api/")) {
      found.push(`${relative(ADMIN_SRC, file)}: ${node.getText(source)}`);
    }
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(source, visit);
  return found;
}

describe("the admin API paths", () => {
  const table = Object.entries(API_ROUTES) as [string, ApiRoute][];

  it("are a table of admin routes", () => {
    expect(table.length).toBeGreaterThan(40);
    for (const [, route] of table) expect(route.path.startsWith("/api/admin/") || route.path === "/api/admin").toBe(true);
  });

  it("are every one a route of the server", () => {
    const unknown = table.filter(([, route]) => !isServerRoute(route)).map(([name, route]) => `${name}: ${route.method} ${route.path}`);
    expect(unknown).toEqual([]);
  });

  it("would tell a route the server does not have", () => {
    expect(isServerRoute({ method: "GET", path: "/api/admin/reports/{id}" })).toBe(true);
    expect(isServerRoute({ method: "GET", path: "/api/admin/reports/{reportId}" })).toBe(true);
    expect(isServerRoute({ method: "PUT", path: "/api/admin/reports/{id}" })).toBe(false);
    expect(isServerRoute({ method: "GET", path: "/api/admin/report/{id}" })).toBe(false);
    expect(isServerRoute({ method: "GET", path: "/api/admin/reports/{id}/extra" })).toBe(false);
  });

  it("fill their parameters, percent-encoded", () => {
    expect(apiPath("getSignature", { id: "p 1", signatureId: "s/2" })).toBe("/api/admin/petitions/p%201/signatures/s%2F2");
    expect(apiPath("listReports")).toBe("/api/admin/reports");
  });

  it("are written nowhere else in the admin console", () => {
    const files = sourceFiles(ADMIN_SRC).filter((file) => file !== PATHS_FILE);
    expect(files.length).toBeGreaterThan(50);
    expect(files.flatMap(apiLiterals)).toEqual([]);
    // the search itself finds what it looks for
    expect(apiLiterals(PATHS_FILE).length).toBeGreaterThan(40);
  });
});
