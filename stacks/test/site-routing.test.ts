import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultPetitionId } from "../function-props";
import { pageRouteFor, pageRouterCode, pageRouterFor, pageStatusCode, pageStatusFor, prerenderedPages } from "../site-routing";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "site-dist-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** A built site in a fresh directory; returns the directory. */
function site(name: string, files: string[]): string {
  const dir = path.join(tmp, name);
  for (const file of files) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), "<!doctype html>");
  }
  return dir;
}

/** Runs CloudFront function code the way CloudFront would, on one viewer request. */
function router(code: string) {
  const handler = new Function(`${code}\nreturn handler;`)() as (e: unknown) => { uri: string };
  return (uri: string) => handler({ request: { uri, method: "GET", headers: {} } }).uri;
}

/** Runs the viewer-response function as CloudFront would, on a 200 from the bucket for `uri` (the viewer's, or as the router left it). */
function statusFunction(code: string) {
  const handler = new Function(`${code}\nreturn handler;`)() as (e: unknown) => { statusCode: number };
  return (uri: string) => handler({ request: { uri, method: "GET", headers: {} }, response: { statusCode: 200, headers: {} } }).statusCode;
}

describe("prerenderedPages", () => {
  it("maps clean URLs to both file layouts a prerenderer may write", () => {
    const dir = site("layouts", ["index.html", "guides.html", "report/index.html", "sign/abc.html", "assets/app.js"]);
    expect(prerenderedPages(dir)).toEqual({
      "/": "/index.html",
      "/guides": "/guides.html",
      "/report": "/report/index.html",
      "/sign/abc": "/sign/abc.html",
    });
  });

  it("is empty when the site has not been built", () => {
    expect(prerenderedPages(path.join(tmp, "missing"))).toEqual({});
  });
});

describe("page router for the web build (web/scripts/prerender.mjs layout)", () => {
  let route: (uri: string) => string;
  beforeAll(() => {
    const dir = site("web", ["index.html", "spa.html", "petition/index.html", "404/index.html", "admin/index.html", "assets/index-1a2b.js", "favicon.svg"]);
    route = router(pageRouterFor(dir));
  });

  it("serves prerendered pages with or without a trailing slash", () => {
    expect(route("/")).toBe("/index.html");
    expect(route("/petition")).toBe("/petition/index.html");
    expect(route("/petition/")).toBe("/petition/index.html");
  });

  it("gives the routes with parameters the SPA shell, never the prerendered home page", () => {
    expect(route("/sign/timeshare-reform")).toBe("/spa.html");
    expect(route("/share/timeshare-reform/")).toBe("/spa.html");
    expect(route("/thank-you/timeshare-reform")).toBe("/spa.html");
    expect(route("/petitions/timeshare-reform/withdraw")).toBe("/spa.html");
    expect(route("/petitions/timeshare-reform/updates/unsubscribe")).toBe("/spa.html");
  });

  it("gives every unknown path the 404 page, and the viewer-response function makes it a 404", () => {
    const dir = path.join(tmp, "web");
    const status = statusFunction(pageStatusFor(dir));
    for (const unknown of ["/no/such/page", "/spa", "/administrator", "/sign", "/sign/a/b", "/petitions/x", "/404"]) {
      expect(route(unknown), unknown).toBe("/404/index.html");
      // whichever URI CloudFront hands the response function: the viewer's, or the router's rewrite
      expect(status(unknown), unknown).toBe(404);
      expect(status(route(unknown)), unknown).toBe(404);
    }
    for (const known of ["/", "/petition", "/petition/", "/sign/timeshare-reform", "/admin/login", "/assets/index-1a2b.js", "/favicon.svg"]) {
      expect(status(known), known).toBe(200);
      expect(status(route(known)), known).toBe(200);
    }
  });

  it("lets the local server run the same rule", () => {
    const local = pageRouteFor(path.join(tmp, "web"));
    expect(local("/no/such/page")).toEqual({ uri: "/404/index.html", status: 404 });
    expect(local("/sign/timeshare-reform")).toEqual({ uri: "/spa.html", status: 200 });
    expect(local("/admin/petitions")).toEqual({ uri: "/admin/index.html", status: 200 });
  });

  it("gives the admin area its noindex shell", () => {
    expect(route("/admin")).toBe("/admin/index.html");
    expect(route("/admin/login")).toBe("/admin/index.html");
    expect(route("/admin/petitions/")).toBe("/admin/index.html");
  });

  it("leaves files alone", () => {
    expect(route("/assets/index-1a2b.js")).toBe("/assets/index-1a2b.js");
    expect(route("/favicon.svg")).toBe("/favicon.svg");
    expect(route("/.well-known/security")).toBe("/.well-known/security");
  });

  it("falls back to index.html when there is no SPA shell", () => {
    const bare = router(pageRouterFor(site("bare", ["index.html"])));
    expect(bare("/anything")).toBe("/index.html");
    expect(bare("/admin/login")).toBe("/index.html");
  });

  it("refuses a page list CloudFront could not accept", () => {
    const many = Object.fromEntries(Array.from({ length: 400 }, (_, i) => [`/page-${i}`, `/page-${i}/index.html`]));
    const table = { pages: many, fallback: "/spa.html", admin: "/spa.html", shell: [] };
    expect(() => pageRouterCode(table)).toThrow(/10 KB/);
    expect(() => pageStatusCode(table)).toThrow(/10 KB/);
  });
});

describe("defaultPetitionId", () => {
  it("is timeshare-reform unless DEFAULT_PETITION_ID is set at deploy time", () => {
    const saved = process.env.DEFAULT_PETITION_ID;
    try {
      delete process.env.DEFAULT_PETITION_ID;
      expect(defaultPetitionId()).toBe("timeshare-reform");
      process.env.DEFAULT_PETITION_ID = "other";
      expect(defaultPetitionId()).toBe("other");
    } finally {
      if (saved === undefined) delete process.env.DEFAULT_PETITION_ID;
      else process.env.DEFAULT_PETITION_ID = saved;
    }
  });
});
