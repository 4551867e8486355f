import { describe, expect, it } from "vitest";
import { groupsOf } from "../src/lib/http";
import { isPageRoute, pagePathPattern, routes, routeKey } from "../src/routes";
import { subscribers } from "../src/subscribers";
import { existsSync } from "node:fs";
import { join } from "node:path";

const root = join(__dirname, "../../..");

describe("the admin group claim", () => {
  it.each([
    [["admin"], ["admin"]],
    ["[admin]", ["admin"]],
    ["[admin editors]", ["admin", "editors"]],
    ["admin,editors", ["admin", "editors"]],
    [undefined, []],
  ])("%j → %j", (raw, groups) => expect(groupsOf({ "cognito:groups": raw })).toEqual(groups));
});

describe("the route table", () => {
  it("has unique route keys under /api, besides public GET pages, and only public or admin access", () => {
    const keys = routes.map(routeKey);
    expect(new Set(keys).size).toBe(keys.length);
    for (const r of routes) {
      expect(["public", "admin"]).toContain(r.access);
      if (isPageRoute(r)) expect({ method: r.method, access: r.access }).toEqual({ method: "GET", access: "public" });
      else expect(r.path.startsWith("/api/")).toBe(true);
    }
    expect(routes.filter(isPageRoute).map(pagePathPattern)).toEqual(["/sign/*", "/share/*", "/thank-you/*"]);
  });

  it("keeps the documented public API (docs/public-api.md) public and read-only", () => {
    const api = routes.filter((r) => r.path.startsWith("/api/public/"));
    expect(api.map(routeKey)).toEqual(["GET /api/public/petitions/{id}"]);
    for (const r of api)
      expect({ access: r.access, table: r.needs.table ?? "none", bus: r.needs.bus ?? false }).toEqual({ access: "public", table: "read", bus: false });
  });

  it("puts every /api/admin route behind admin access", () => {
    for (const r of routes.filter((r) => r.path.startsWith("/api/admin/"))) expect(r.access).toBe("admin");
  });

  it("points every route and subscriber at an existing handler module", () => {
    for (const ref of [...routes, ...subscribers].map((r) => r.handler)) {
      expect(existsSync(join(root, `${ref.slice(0, ref.lastIndexOf("."))}.ts`)), ref).toBe(true);
    }
  });
});
