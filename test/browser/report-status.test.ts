import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { fileBrowser } from "../support/browser";
import { minimalReport } from "../support/reports";
import { stackOutbox, type SentMail } from "../support/stack-outbox";

/**
 * The reporter follows their report (issue 41, item 4) in the browser: the thank-you page's link to
 * /report-status, the form that asks for a link (the same answer for a wrong pair), the e-mailed link
 * that opens the status page, and that page's answer to a link that does not work.
 */
const stack = inject("stack");
const browser = fileBrowser();
const { mailTo, mailsTo } = stackOutbox(stack.outboxDir);
let visitor: BrowserContext;
let page: Page;
let report: { reportId: string; reference: string; email: string };

beforeAll(async () => {
  const input = minimalReport(`status-${Date.now()}`);
  const res = await fetch(`${stack.url}/api/reports`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(input) });
  const text = await res.text();
  expect(res.ok, `${res.status} ${text}`).toBe(true);
  report = { ...(JSON.parse(text) as { reportId: string; reference: string }), email: input.reporter.email };
  visitor = await browser.newContext({ baseURL: stack.url });
  page = await visitor.newPage();
});

afterAll(async () => {
  await visitor?.close();
});

/** The path of the status link in an e-mail, to open on the stack under test. */
function statusLinkIn(mail: SentMail): string {
  const match = /https?:\/\/[^\s"<>]+(\/report-status\/[A-Za-z0-9_-]{43})/.exec(mail.text);
  expect(match, mail.text).not.toBeNull();
  return match![1];
}

async function ask(reference: string, email: string) {
  await page.goto("/report-status");
  await page.getByLabel("Reference number").fill(reference);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "E-mail Me a Link" }).click();
  await page.getByText("Check your inbox").waitFor();
  await page.getByText("If this reference number and e-mail address match a report", { exact: false }).waitFor();
}

describe("following a report", () => {
  it("the thank-you page links to the status form", async () => {
    await page.goto("/report-scam/thank-you");
    await page.evaluate((reference) => window.sessionStorage.setItem("report-scam:reference", reference), report.reference);
    await page.reload();
    await page.getByTestId("report-reference").getByText(report.reference).waitFor();
    await page.getByRole("link", { name: "Follow your report's status" }).click();
    await page.getByRole("heading", { name: "Follow Your Report", level: 1 }).waitFor();
  });

  it("shows a field's message for a reference that cannot be one, and sends nothing", async () => {
    await page.goto("/report-status");
    await page.getByLabel("Reference number").fill("12345");
    await page.getByLabel("Email").fill(report.email);
    await page.getByRole("button", { name: "E-mail Me a Link" }).click();
    await page.getByText("Enter the reference number from your confirmation", { exact: false }).waitFor();
  });

  it("answers a wrong pair as a right one; only the right one gets a link, which shows the report's status", async () => {
    await ask(report.reference, `not-the-reporter-${Date.now()}@example.com`);
    await ask(report.reference.toLowerCase(), report.email.toUpperCase());
    const mail = await mailTo(report.email, `The status of your report ${report.reference}`);
    expect(await mailsTo(report.email, `The status of your report ${report.reference}`)).toHaveLength(1);

    await page.goto(statusLinkIn(mail));
    await page.getByRole("heading", { name: "Your Report's Status", level: 1 }).waitFor();
    await expect.poll(() => page.getByTestId("status-reference").textContent()).toBe(report.reference);
    expect(await page.getByTestId("status-report").textContent()).toBe("Received");
    await page.getByText("Your report is not part of a case yet", { exact: false }).waitFor();
    expect(await page.locator('meta[name="robots"][content="noindex"]').count()).toBeGreaterThan(0);
    // nothing of the reporter's own words or details
    expect(await page.locator("main").textContent()).not.toContain("Ana Lima");
  });

  it("says when a link does not work, and offers a new one", async () => {
    await page.goto(`/report-status/${"A".repeat(43)}`);
    await page.getByRole("heading", { name: "This link does not work", level: 1 }).waitFor();
    await page.getByRole("link", { name: "Ask for a new link" }).click();
    await page.getByRole("heading", { name: "Follow Your Report", level: 1 }).waitFor();
  });
});
