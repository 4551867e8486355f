/**
 * The one route table. The Api stack (deployed) and the local server are both generated from it,
 * so they cannot drift. `handler` uses SST's "<file without extension>.<export>" form, relative to
 * the repository root.
 */
export type Access = "public" | "admin";
export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface Route {
  method: Method;
  /** API Gateway v2 path, with `{param}` placeholders. */
  path: string;
  handler: string;
  access: Access;
  /** Lambda timeout in seconds when the default (10) is too short; API Gateway waits at most 30. */
  timeout?: number;
}

const fn = (file: string) => `packages/functions/src/http/${file}.handler`;

export const routes: Route[] = [
  { method: "GET", path: "/api/health", handler: fn("health"), access: "public" },
  { method: "GET", path: "/api/config", handler: fn("config"), access: "public" },
  { method: "GET", path: "/api/petitions/{id}", handler: fn("petition-get"), access: "public" },
  { method: "POST", path: "/api/petitions/{id}/signatures", handler: fn("signature-create"), access: "public" },
  { method: "GET", path: "/api/signatures/count", handler: fn("signature-count"), access: "public" },
  { method: "GET", path: "/api/admin/petitions", handler: fn("admin-petition-list"), access: "admin" },
  { method: "POST", path: "/api/admin/petitions", handler: fn("admin-petition-create"), access: "admin" },
  { method: "PATCH", path: "/api/admin/petitions/{id}", handler: fn("admin-petition-update"), access: "admin" },
  { method: "DELETE", path: "/api/admin/petitions/{id}", handler: fn("admin-petition-delete"), access: "admin" },
  { method: "GET", path: "/api/admin/signatures", handler: fn("admin-signature-list"), access: "admin" },
  { method: "GET", path: "/api/admin/signatures/export", handler: fn("admin-signature-export"), access: "admin" },
  { method: "POST", path: "/api/admin/signatures/delete-all", handler: fn("admin-signature-delete-all"), access: "admin" },
  { method: "GET", path: "/api/admin/petitions/{id}/signatures/{signatureId}", handler: fn("admin-signature-get"), access: "admin" },
  { method: "DELETE", path: "/api/admin/petitions/{id}/signatures/{signatureId}", handler: fn("admin-signature-delete"), access: "admin" },
  { method: "POST", path: "/api/admin/sheets/signatures", handler: fn("admin-sheets-sync-signatures"), access: "admin", timeout: 30 },
  { method: "POST", path: "/api/admin/test-email", handler: fn("admin-test-email"), access: "admin" },
  { method: "GET", path: "/api/admin/audit", handler: fn("admin-audit-list"), access: "admin" },
];

/** "GET /api/petitions/{id}" — the key API Gateway uses for a route. */
export const routeKey = (r: Pick<Route, "method" | "path">) => `${r.method} ${r.path}`;
