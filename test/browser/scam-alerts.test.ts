/**
 * /scam-alerts in the browser on the local stack: "Check a company before you pay" finds a published
 * alert by a phone number as anyone types it and shows its count of reports (only the consenting
 * ones); a company no alert names gets the message that no report does not mean safe, with the
 * guides; the alert's page (served with its data and share card) shows what owners reported and opens
 * the report wizard with the company filled in.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { BrowserContext } from "playwright-core";
import { Alerts } from "@site/core/alerts";
import { resetSettings } from "@site/core/config";
import { resetDb } from "@site/core/db/client";
import type { ReportSummary } from "@site/core/report/public-summary";
import { TABLE_NAME } from "../../scripts/local/stack";
import { axeFindings, describeFindings } from "../support/axe";
import { fileBrowser, visit } from "../support/browser";

const stack = inject("stack");
const browser = fileBrowser();
const run = crypto.randomUUID().slice(0, 6);
const title = `Exit Pros ${run}`;
let slug: string;
let context: BrowserContext;

const member = (n: number, over: Partial<ReportSummary> = {}): ReportSummary => ({
  reportId: `0mx000000000000000000${n}`.slice(-21),
  reference: `TSR-SECR-ET0${n}`,
  createdAt: `2026-03-1${n}T15:00:00.000Z`,
  publishConsent: true,
  wantUpdates: false,
  scamTypes: ["upfront_fees"],
  state: ["FL", "GA", "TX", "NV"][n - 1],
  amountLost: 2500,
  dateOccurred: "2026-03-01",
  ...over,
});

beforeAll(async () => {
  Object.assign(process.env, { TABLE_NAME, AWS_REGION: "us-east-1", DYNAMODB_ENDPOINT: stack.dynamodb });
  resetSettings();
  resetDb();
  const alert = await Alerts.publish({
    caseId: `0mx${run}`.padEnd(21, "0"),
    title,
    summary: "Owners were promised a buyer, then asked for a closing fee upfront.",
    identifiers: [
      { type: "company", shown: title },
      { type: "phone", shown: "(407) 555-0123" },
      { type: "domain", shown: `exitpros-${run}.example` },
    ],
    // the fourth reporter did not agree to publication: in the case, not in the count
    members: [member(1), member(2), member(3), member(4, { publishConsent: false })],
    by: "browser-test@example.org",
  });
  slug = alert.slug;
  context = await browser.newContext({ baseURL: stack.url });
});
afterAll(() => context?.close());

describe("/scam-alerts", () => {
  it("finds the alert by a phone number as typed, with its count of consenting reports", async () => {
    const page = await context.newPage();
    await visit(page, "/scam-alerts");
    expect(await page.title()).toContain("Scam alerts");
    await page.getByLabel("Check a company before you pay").fill("407-555-0123");
    await page.getByRole("button", { name: "Check" }).click();
    const found = page.getByTestId("lookup-found");
    const card = found.locator(`[data-alert-slug="${slug}"]`);
    await card.waitFor();
    expect(await card.getByRole("heading").textContent()).toBe(title);
    expect(await card.getByTestId("alert-reports").textContent()).toBe("3 reports from owners");
    expect(new URL(page.url()).searchParams.get("q")).toBe("407-555-0123");
    // the published list shows it too
    await page.getByTestId("published-alerts").locator(`[data-alert-slug="${slug}"]`).waitFor();
    const text = await page.locator("main").textContent();
    expect(text).not.toContain("TSR-SECR-ET0");
    await page.close();
  });

  it("says that no report does not mean a company is safe, and links the guides", async () => {
    const page = await context.newPage();
    await visit(page, `/scam-alerts?q=${encodeURIComponent(`Honest Exit Company ${run}`)}`);
    const none = page.getByTestId("lookup-no-match");
    await none.waitFor();
    expect(await none.textContent()).toContain("No report does not mean a company is safe");
    const guides = await none.getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(guides).toEqual(["/spotting-exit-scams", "/timeshare-scam-checklist", "/how-timeshare-scams-work"]);
    const findings = await axeFindings(page);
    expect(findings, describeFindings(findings)).toEqual([]);
    await page.close();
  });

  it("opens the alert's page, served with its share card: what owners reported and a way to report the company", async () => {
    const served = await fetch(`${stack.url}/scam-alerts/${slug}`);
    expect(served.status).toBe(200);
    const html = await served.text();
    expect(html).toContain(`<meta property="og:title" content="Scam alert: ${title} | `);
    expect(html).toContain("/share-images/scam-alert.jpg");

    const page = await context.newPage();
    await visit(page, "/scam-alerts");
    await page.getByLabel("Check a company before you pay").fill(`https://www.exitpros-${run}.example/claim`);
    await page.getByRole("button", { name: "Check" }).click();
    await page.getByTestId("lookup-found").getByRole("link", { name: title }).click();
    await page.waitForURL(`**/scam-alerts/${slug}`);
    await page.getByRole("heading", { level: 1, name: title }).waitFor();
    expect(await page.getByTestId("alert-count").textContent()).toBe("3 reports from owners");
    expect(await page.getByTestId("alert-period").textContent()).toBe("First reported on March 11, 2026, last on March 13, 2026");
    const main = (await page.locator("main").textContent())!;
    for (const state of ["Florida", "Georgia", "Texas"]) expect(main).toContain(state);
    expect(main).not.toContain("Nevada");
    const report = page.getByRole("link", { name: "Report this company" });
    expect(await report.getAttribute("href")).toBe(`/report-scam?company=${encodeURIComponent(title)}`);
    await page.getByRole("heading", { name: "Ask for a correction" }).waitFor();
    const findings = await axeFindings(page);
    expect(findings, describeFindings(findings)).toEqual([]);

    // a company asks for a correction: the administrators get it (alerts/corrections.ts), the page says so
    await page.getByLabel("Your full name").fill("Lee Counsel");
    await page.getByLabel("Your e-mail address").fill(`legal-${run}@example.com`);
    await page.getByLabel("What should be corrected, and why").fill("We are a different company with a similar name.");
    await page.getByRole("button", { name: "Send the request" }).click();
    await page.getByText("Request received").waitFor();
    const corrections = await Alerts.correctionsOf(slug);
    expect(corrections).toEqual([expect.objectContaining({ company: title, fullName: "Lee Counsel", alertSlug: slug })]);
    await page.close();
  });
});
