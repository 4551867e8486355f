/**
 * The public count anyone can embed (docs/public-api.md): the widget in an <iframe> of another site
 * shows the count with no cookie and no request beyond this site; the share page hands out its embed
 * code; the petition page loads its table of states only when the visitor reaches it.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { BrowserContext, Request } from "playwright-core";
import { resetSettings } from "@site/core/config";
import { resetDb } from "@site/core/db/client";
import { Petition } from "@site/core/petition";
import { metaDetails } from "@site/core/request/meta-details";
import { ORIGIN_SECRET_HEADER, fromHeaders } from "@site/core/request/metadata";
import { importBatch } from "@site/core/signature/listing";
import type { PublicCountInfo } from "@site/core/signature/public-count-info";
import { TABLE_NAME } from "../../scripts/local/stack";
import { fileBrowser } from "../support/browser";

const stack = inject("stack");
const browser = fileBrowser();
const SITE = new URL(stack.url).origin;
/** Another site, on a port of its own (on this machine, so the browser treats both alike: no private-network rule between them). */
let embedder: Server;
let EMBEDDER = "";
const run = crypto.randomUUID().slice(0, 8);
/** 6 from California, 4 from Texas: Texas is under the public counts' SMALL_CELL_MINIMUM (5) */
const SIGNERS = 10;
let petitionId: string;

/** Signatures written into the stack's table, as signed from a US state (CloudFront's viewer headers). */
const signedFrom = (i: number, state: string) => {
  const letters = String(i).replace(/[0-9]/g, (d) => "abcdefghij"[Number(d)]);
  const headers = { "cloudfront-viewer-country": "US", "cloudfront-viewer-country-region": state, [ORIGIN_SECRET_HEADER]: "s" };
  return {
    petitionId,
    client: `198.51.100.${i}`,
    firstName: `Embed${letters}`,
    lastName: "Signer",
    email: `embed-${run}-${i}@example.com`,
    newsletterConsent: false,
    meta: metaDetails(fromHeaders({ "user-agent": "embed test", ...headers }, `198.51.100.${i}`, "s")),
  };
};

beforeAll(async () => {
  embedder = createServer((_, res) => {
    const iframe = `<iframe src="${stack.url}/embed/petition/${petitionId}" title="Petition" width="420" height="200"></iframe>`;
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(`<!doctype html><title>A newspaper</title><h1>Our story</h1>${iframe}`);
  });
  await new Promise<void>((resolve) => embedder.listen(0, resolve));
  // another host name than the stack's, so another origin
  const host = new URL(stack.url).hostname === "localhost" ? "127.0.0.1" : "localhost";
  EMBEDDER = `http://${host}:${(embedder.address() as AddressInfo).port}`;
  Object.assign(process.env, { TABLE_NAME, AWS_REGION: "us-east-1", DYNAMODB_ENDPOINT: stack.dynamodb });
  resetSettings();
  resetDb();
  petitionId = (await Petition.create({ id: `embed-${run}`, title: `Embed "quoted" & <b>${run}</b>`, story: "Embedded elsewhere.", goal: 100 })).id;
  await importBatch(
    petitionId,
    Array.from({ length: SIGNERS }, (_, i) => signedFrom(i + 1, i < 6 ? "CA" : "TX")),
  );
});

afterAll(() => new Promise<void>((resolve) => embedder?.close(() => resolve())));

/** A context that records every request its pages make (the frames' too). */
async function recordingContext(): Promise<{ context: BrowserContext; requests: Request[] }> {
  const context = await browser.newContext();
  const requests: Request[] = [];
  context.on("request", (r) => requests.push(r));
  return { context, requests };
}

describe("the embeddable widget", () => {
  let context: BrowserContext;
  afterAll(() => context?.close());

  it("shows the count in another site's iframe, sets no cookie and asks nothing of any origin but this site", async () => {
    const recorded = await recordingContext();
    context = recorded.context;
    const page = await context.newPage();
    await page.goto(`${EMBEDDER}/article`);
    const frame = page.frameLocator("iframe");
    await frame.getByText(`${SIGNERS} signatures of 100`).waitFor();
    await expect(frame.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(`Embed "quoted" & <b>${run}</b>`);
    const sign = frame.getByRole("link", { name: "Sign the petition" });
    await expect(sign.getAttribute("href")).resolves.toBe(`/sign/${petitionId}`);
    await expect(sign.getAttribute("target")).resolves.toBe("_blank");
    await expect(sign.getAttribute("rel")).resolves.toBe("noopener");
    await expect(frame.getByRole("progressbar").getAttribute("aria-valuenow")).resolves.toBe(String(SIGNERS));

    expect(await context.cookies()).toEqual([]);
    const origins = [...new Set(recorded.requests.map((r) => new URL(r.url()).origin))].sort();
    expect(origins).toEqual([EMBEDDER, SITE].sort());
    const fromSite = recorded.requests.filter((r) => r.url().startsWith(SITE)).map((r) => new URL(r.url()).pathname);
    expect(fromSite).toEqual([`/embed/petition/${petitionId}`, `/api/public/petitions/${petitionId}`]);
  });

  it("is served framable with its own headers, while the site's pages stay unframeable", async () => {
    const widget = await fetch(`${stack.url}/embed/petition/${petitionId}`);
    expect(widget.status).toBe(200);
    expect(widget.headers.get("x-frame-options")).toBeNull();
    expect(widget.headers.get("content-security-policy")).toContain("frame-ancestors *");
    expect(widget.headers.get("set-cookie")).toBeNull();
    const page = await fetch(`${stack.url}/petition`);
    expect(page.headers.get("x-frame-options")).toBe("DENY");
    expect(page.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });

  it("answers its JSON to any site (CORS), cached for a minute", async () => {
    const res = await fetch(`${stack.url}/api/public/petitions/${petitionId}`, { headers: { origin: EMBEDDER } });
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("cache-control")).toBe("public, max-age=60, s-maxage=60");
    const body = (await res.json()) as PublicCountInfo;
    expect(body).toMatchObject({ id: petitionId, signatureCount: SIGNERS, byCountry: { US: SIGNERS } });
    // Texas's 4 are under the small-cell minimum: withheld
    expect(body.byState).toEqual({ CA: 6 });
  });
});

describe("the share page's embed code", () => {
  it("shows the petition's iframe snippet and copies it", async () => {
    const context = await browser.newContext({ baseURL: stack.url });
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: SITE });
    const page = await context.newPage();
    await page.goto(`/share/${petitionId}`);
    const code = page.getByTestId("embed-code");
    await page.getByText(`<iframe src="${stack.url}/embed/petition/${petitionId}"`, { exact: false }).waitFor();
    const snippet = (await code.textContent())!;
    expect(snippet).toContain(`title="Petition: Embed &quot;quoted&quot; &amp; &lt;b&gt;${run}&lt;/b&gt;"`);
    await page.getByRole("button", { name: "Copy embed code" }).click();
    await page.getByRole("button", { name: "Embed code copied" }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(snippet);
    await context.close();
  });
});

describe("signatures by state on the petition page", () => {
  it("loads the table's code and data only when the visitor reaches it, then shows the top states and all on demand", async () => {
    const { context, requests } = await recordingContext();
    const byState = Object.fromEntries(["CA", "TX", "FL", "NY", "PA", "OH", "GA", "NC", "MI", "NJ", "VA", "WA"].map((s, i) => [s, 1000 - i * 50]));
    // the default petition's figures, as the public count would answer them
    await context.route(`${SITE}/api/public/petitions/*`, (route) =>
      route.fulfill({ contentType: "application/json", body: JSON.stringify({ byState, byCountry: { US: 9000 }, signatureCount: 9000 }) }),
    );
    const page = await context.newPage();
    // the page has hydrated once its first view is recorded (the beacon's chunk comes after it)
    const hydrated = page.waitForRequest(/\/assets\/beacon-[^/]+\.js$/);
    await page.goto(`${SITE}/petition`);
    await page.getByRole("heading", { name: "Sign the Petition", level: 1 }).waitFor();
    await hydrated;
    await page.waitForLoadState("networkidle");
    const loadedEarly = requests.map((r) => r.url()).filter((u) => /\/api\/public\/|SignersByState/.test(u));
    expect(loadedEarly).toEqual([]);

    const table = page.getByRole("table");
    const california = table.getByRole("rowheader", { name: "California" });
    // scrolled to, until the table is there (the page may still move focus to its heading once)
    for (let tries = 0; tries < 40 && !(await california.count()); tries++) {
      await page.getByTestId("signers-by-state").scrollIntoViewIfNeeded();
      await page.waitForTimeout(250);
    }
    await california.waitFor();
    await expect(table.getByRole("row").count()).resolves.toBe(1 + 10);
    await expect(table.getByRole("row", { name: "California 1,000" }).count()).resolves.toBe(1);
    expect(await table.getByRole("rowheader", { name: "Washington" }).count()).toBe(0);
    await page.getByRole("button", { name: "Show all 12 states" }).click();
    await table.getByRole("rowheader", { name: "Washington" }).waitFor();
    await expect(table.getByRole("row").count()).resolves.toBe(1 + 12);
    await context.close();
  });
});
