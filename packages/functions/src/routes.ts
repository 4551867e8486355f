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
}

const fn = (file: string) => `packages/functions/src/http/${file}.handler`;

export const routes: Route[] = [
  { method: "GET", path: "/api/health", handler: fn("health"), access: "public" },
  { method: "GET", path: "/api/config", handler: fn("config"), access: "public" },
  { method: "GET", path: "/api/petitions/{id}", handler: fn("petition-get"), access: "public" },
  { method: "POST", path: "/api/petitions/{id}/signatures", handler: fn("signature-create"), access: "public" },
  { method: "GET", path: "/api/signatures/count", handler: fn("signature-count"), access: "public" },
  { method: "GET", path: "/api/admin/petitions", handler: fn("admin-petition-list"), access: "admin" },
];

/** "GET /api/petitions/{id}" — the key API Gateway uses for a route. */
export const routeKey = (r: Pick<Route, "method" | "path">) => `${r.method} ${r.path}`;
