import { describe, expect, it } from "vitest";
import { routeKey, routes } from "../src/routes";

/**
 * The API's access log keeps every request's path a month (stacks/Api.ts): no route may take a
 * person's e-mail address in its path. One subscriber is named by `{email}` in the body.
 */
const paramsOf = (path: string) => [...path.matchAll(/\{(\w+)\+?\}/g)].map((m) => m[1]);

describe("the route table", () => {
  it.each(routes.map((r) => [routeKey(r), r.path] as const))("%s takes no e-mail address in its path", (_, path) => {
    for (const name of paramsOf(path)) expect(name, path).not.toMatch(/e-?mail|address|recipient/i);
  });

  it("names one subscriber by the body of a POST, never by the path", () => {
    const subscriberRoutes = routes.filter((r) => r.path.startsWith("/api/admin/newsletter/subscribers/")).map(routeKey);
    expect(subscriberRoutes.sort()).toEqual([
      "GET /api/admin/newsletter/subscribers/export",
      "POST /api/admin/newsletter/subscribers/delete",
      "POST /api/admin/newsletter/subscribers/unsubscribe",
    ]);
  });
});
