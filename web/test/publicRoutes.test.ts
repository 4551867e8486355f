import { describe, expect, it } from "vitest";
import { isPublicPage, PRERENDER_ROUTES, PUBLIC_ROUTES, type PublicRoute } from "../src/publicRoutes";

describe("the public route list", () => {
  it("knows the site's pages, with or without parameters, trailing slash, query or hash", () => {
    for (const href of [
      "/",
      "/petition",
      "/petition/",
      "/donate",
      "/consumer-rights",
      "/complete",
      "/cancel",
      "/sign/timeshare-reform",
      "/share/p1?ref=x",
      "/thank-you/p1#top",
      "/404",
      "/privacy-policy",
      "/data-deletion-request",
      "/my-data?token=abc",
    ]) {
      expect(isPublicPage(href), href).toBe(true);
    }
  });

  it("does not know malformed paths of known pages, nor the admin area", () => {
    for (const href of ["/privacy-policy/x", "/my-data/abc", "/sign", "/sign/a/b", "/petitions", "/admin/login"]) {
      expect(isPublicPage(href), href).toBe(false);
    }
  });

  it("indexes the privacy policy and the request form, never the page an e-mailed link opens (/my-data)", () => {
    const index = (path: string) => (PUBLIC_ROUTES as readonly PublicRoute[]).find((r) => r.path === path)?.index;
    expect(index("/privacy-policy")).toBeUndefined();
    expect(index("/data-deletion-request")).toBeUndefined();
    expect(index("/my-data")).toBe(false);
    expect(index("/newsletter/unsubscribe")).toBe(false);
  });

  it("prerenders exactly the routes without parameters, each with its title", () => {
    expect(PRERENDER_ROUTES.map((r) => r.path)).toEqual(PUBLIC_ROUTES.filter((r) => !r.path.includes(":")).map((r) => r.path));
    for (const r of PRERENDER_ROUTES) expect(r.title.length).toBeGreaterThan(0);
  });
});
