/**
 * The site's own analytics end to end (acceptance): a visitor on a phone opens several
 * public pages in Chromium and presses the petition page's main sign button; a crawler opens one too.
 * The administrator then finds the page views, the event, the device and the hourly bucket in
 * /admin/analytics: the crawler is not counted, and the visitor counts once for the day.
 */
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, describe, expect, inject, it } from "vitest";
import type { AnalyticsReport, RecentVisits } from "@site/core/analytics/report-types";
import { fileBrowser, signedInAdmin } from "../support/browser";

const stack = inject("stack");
const browser = fileBrowser();
// headless Chromium names itself "HeadlessChrome", which is a bot: the visitor is a real phone's browser
const PHONE = `Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1 Test/${Date.now()}`;
const CRAWLER = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/** Opens `path` and waits until its page view reached the API (the beacon goes once the page is idle). */
async function visit(page: Page, path: string) {
  const counted = page.waitForResponse((r) => r.url().endsWith("/api/events") && r.request().postData()?.includes('"pageview"') === true);
  await page.goto(path);
  expect((await counted).status()).toBe(204);
}

describe("analytics, from a visitor's pages to the dashboard", () => {
  let admin: BrowserContext;
  let console_: Page;
  let before: AnalyticsReport;
  const api = async <T>(path: string): Promise<T> => {
    const token = await console_.evaluate(() => localStorage.getItem(Object.keys(localStorage).find((k) => k.endsWith(".accessToken"))!));
    const res = await fetch(`${stack.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status, path).toBe(200);
    return (await res.json()) as T;
  };
  const count = (list: { label: string; count: number }[], label: string) => list.find((x) => x.label === label)?.count ?? 0;
  const lastTwoHours = (r: AnalyticsReport) => r.hourly.slice(-2).reduce((n, h) => n + h.pageviews, 0);

  afterAll(async () => {
    await admin?.close();
  });

  it("a crawler's page view is answered and not counted; a phone's visit of four pages and the sign button are", async () => {
    ({ context: admin, page: console_ } = await signedInAdmin(browser, stack));
    before = await api<AnalyticsReport>("/api/admin/analytics?range=24h");

    const crawler = await browser.newContext({ baseURL: stack.url, userAgent: CRAWLER });
    await visit(await crawler.newPage(), "/");
    await crawler.close();

    const phone = await browser.newContext({ baseURL: stack.url, userAgent: PHONE, viewport: { width: 390, height: 844 } });
    const page = await phone.newPage();
    await visit(page, "/");
    await visit(page, "/timeshare-scam");
    await visit(page, "/petition");
    // the click's beacon leaves with the page it was clicked on: the browser may never see its answer
    // (a navigation tears the old document's requests down), so its arrival is read from the server
    const clicked = page.waitForRequest((r) => r.url().endsWith("/api/events") && r.postData()?.includes("sign_petition_main") === true);
    const signPageView = page.waitForResponse((r) => r.url().endsWith("/api/events") && r.request().postData()?.includes('"/sign/') === true);
    await page.getByRole("link", { name: "Sign the Petition Now" }).first().click();
    await page.waitForURL(`**/sign/${stack.defaultPetitionId}`);
    await clicked;
    expect((await signPageView).status()).toBe(204);
    await phone.close();
    const eventsCounted = async () => count((await api<AnalyticsReport>("/api/admin/analytics?range=24h")).events, "sign_petition_main");
    await expect.poll(eventsCounted, { timeout: 30_000 }).toBe(count(before.events, "sign_petition_main") + 1);

    const after = await api<AnalyticsReport>("/api/admin/analytics?range=24h");
    expect(after.totals.pageviews - before.totals.pageviews).toBe(4);
    // the same phone on one day is one visitor, and the crawler none
    expect(after.totals.visitors - before.totals.visitors).toBe(1);
    expect(count(after.events, "sign_petition_main") - count(before.events, "sign_petition_main")).toBe(1);
    expect(count(after.devices, "Mobile") - count(before.devices, "Mobile")).toBe(4);
    expect(count(after.pages, "/petition") - count(before.pages, "/petition")).toBe(1);
    expect(count(after.pages, "/sign/:id") - count(before.pages, "/sign/:id")).toBe(1);
    expect(after.funnels.petition.clicks - before.funnels.petition.clicks).toBe(1);
    expect(lastTwoHours(after) - lastTwoHours(before)).toBe(4);
    const recent = await api<RecentVisits>("/api/admin/analytics/recent");
    expect(recent.items.slice(0, 4).map((v) => v.path)).toEqual([`/sign/${stack.defaultPetitionId}`, "/petition", "/timeshare-scam", "/"]);
    for (const v of recent.items.slice(0, 4)) expect(v).toMatchObject({ device: "Mobile", os: "iOS", browser: "Safari", ip: "127.0.0.0" });
  });

  it("the dashboard shows them: the cards, the device, the event, the hourly bucket and the recent visitors", async () => {
    const after = await api<AnalyticsReport>("/api/admin/analytics?range=24h");
    await console_.goto("/admin/analytics");
    await console_.getByRole("heading", { name: "Website Analytics" }).waitFor();
    await console_.getByText("24 hours", { exact: true }).click();
    const card = (label: string) => console_.getByRole("region", { name: label });
    await card("Total visitors").getByText(after.totals.pageviews.toLocaleString("en-US"), { exact: true }).waitFor();
    await card("Unique visitors").getByText(after.totals.visitors.toLocaleString("en-US"), { exact: true }).waitFor();
    await console_
      .getByRole("table", { name: "Devices" })
      .getByRole("row", { name: new RegExp(`^Mobile ${count(after.devices, "Mobile")}`) })
      .waitFor();
    await console_
      .getByRole("table", { name: "Events" })
      .getByRole("row", { name: new RegExp(`^sign_petition_main ${count(after.events, "sign_petition_main")}`) })
      .waitFor();
    const hour = after.hourly.at(-1)!;
    const hourText = new Intl.DateTimeFormat("en-US", { timeZone: "America/New_York", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(
      new Date(hour.at),
    );
    await console_
      .getByText(new RegExp(`Page views per hour \\(EST\\), last 24 hours.*${hourText} ${hour.pageviews}`))
      .first()
      .waitFor();
    await console_
      .getByRole("table", { name: "Recent visitors" })
      .getByRole("row", { name: new RegExp(`127\\.0\\.0\\.0 .*Mobile.*/sign/${stack.defaultPetitionId}`) })
      .first()
      .waitFor();
  });
});
