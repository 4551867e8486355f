import { describe, expect, it } from "vitest";
import { routeKey, routes } from "../src/routes";

/**
 * The API's access log keeps every request's path a month (stacks/Api.ts): no route may take a
 * person's e-mail address in its path, nor the plain hash of one (which can be tested against
 * guessed addresses). One subscriber is named by `{email}` in the body, one suppression entry by
 * `{person}`.
 */
const paramsOf = (path: string) => [...path.matchAll(/\{(\w+)\+?\}/g)].map((m) => m[1]);

describe("the route table", () => {
  it.each(routes.map((r) => [routeKey(r), r.path] as const))("%s takes no e-mail address in its path", (_, path) => {
    for (const name of paramsOf(path)) expect(name, path).not.toMatch(/e-?mail|address|recipient|person/i);
  });

  it("names one subscriber by the body of a POST, never by the path", () => {
    const subscriberRoutes = routes.filter((r) => r.path.startsWith("/api/admin/newsletter/subscribers/")).map(routeKey);
    expect(subscriberRoutes.sort()).toEqual([
      "GET /api/admin/newsletter/subscribers/export",
      "POST /api/admin/newsletter/subscribers/delete",
      "POST /api/admin/newsletter/subscribers/unsubscribe",
    ]);
  });

  it("names one suppression entry by the body of a POST, never by the path", () => {
    const suppressionRoutes = routes.filter((r) => r.path.startsWith("/api/admin/mail/suppressions")).map(routeKey);
    expect(suppressionRoutes.sort()).toEqual(["GET /api/admin/mail/suppressions", "POST /api/admin/mail/suppressions/lift"]);
  });
});
