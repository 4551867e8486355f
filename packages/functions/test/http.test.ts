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
    expect(routes.filter(isPageRoute).map(pagePathPattern)).toEqual(["/sign/*", "/share/*", "/thank-you/*", "/scam-alerts/*", "/sitemaps/*"]);
  });

  it("keeps the documented public API (docs/public-api.md) public and its reads read-only, but the scam alert lookup's one counter", () => {
    const api = routes.filter((r) => r.path.startsWith("/api/public/"));
    const documented = ["GET /api/public/petitions/{id}", "GET /api/public/scam-alerts", "GET /api/public/scam-alerts/{slug}"];
    expect(api.map(routeKey)).toEqual(expect.arrayContaining([...documented, "POST /api/public/scam-alerts/{slug}/corrections"]));
    for (const r of api) expect(r.access).toBe("public");
    for (const r of api.filter((r) => documented.includes(routeKey(r))))
      expect({ table: r.needs.table ?? "none", bus: r.needs.bus ?? false }).toEqual({
        table: routeKey(r) === "GET /api/public/scam-alerts" ? "write" : "read",
        bus: false,
      });
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
