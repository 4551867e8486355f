import { describe, expect, it } from "vitest";
import { isPublicPage, PRERENDER_ROUTES, PUBLIC_ROUTES } from "../src/publicRoutes";

describe("the public route list", () => {
  it("knows the site's pages, with or without parameters, trailing slash, query or hash", () => {
    for (const href of ["/", "/petition", "/petition/", "/donate", "/consumer-rights", "/complete", "/cancel", "/sign/timeshare-reform", "/share/p1?ref=x", "/thank-you/p1#top", "/404"]) {
      expect(isPublicPage(href), href).toBe(true);
    }
  });

  it("does not know pages still to be built, nor malformed paths of known ones", () => {
    for (const href of ["/privacy-policy", "/data-deletion-request", "/sign", "/sign/a/b", "/petitions", "/admin/login"]) {
      expect(isPublicPage(href), href).toBe(false);
    }
  });

  it("prerenders exactly the routes without parameters, each with its title", () => {
    expect(PRERENDER_ROUTES.map((r) => r.path)).toEqual(PUBLIC_ROUTES.filter((r) => !r.path.includes(":")).map((r) => r.path));
    for (const r of PRERENDER_ROUTES) expect(r.title.length).toBeGreaterThan(0);
  });
});
