import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import type { ReportInput } from "@site/core/report/input";
import { fileBrowser, signedInAdmin } from "../support/browser";
import { minimalReport } from "../support/reports";

/**
 * Cases and scam alerts as an administrator uses them (issue 41): three reports that spell the same
 * company, phone and website differently, filed through the public API, are proposed as one link;
 * the administrator confirms it in the console, finds the case with its three reports, changes its
 * status, adds a note and publishes a scam alert. The tests run in order and share one signed-in page.
 */
const stack = inject("stack");
const browser = fileBrowser();
let admin: BrowserContext;
let page: Page;

const SPELLINGS: { company: string; phone: string; website: string; state: string; amountLost?: number }[] = [
  { company: "Exit Pros LLC", phone: "(407) 555-0199", website: "https://www.exitpros.example/claim", state: "FL", amountLost: 1500 },
  { company: "EXIT PROS, L.L.C.", phone: "+1 407-555-0199", website: "exitpros.example", state: "GA", amountLost: 2500 },
  { company: "Exit Pros LLC", phone: "+1 407-555-0199", website: "exitpros.example", state: "TX" },
];
const REPORTER = "Casey Reporter";
let references: string[] = [];

async function fileReport(n: number): Promise<{ reportId: string; reference: string }> {
  const { company, phone, website, state, amountLost } = SPELLINGS[n]!;
  const base = minimalReport(`case-${n}`);
  const input: ReportInput & { publishConsent: boolean } = {
    ...base,
    reporter: { ...base.reporter, fullName: REPORTER, state },
    scamTypes: [{ type: "refund_exit", promisedRefund: 9000 }],
    scammer: { company, phone, website },
    ...(amountLost ? { moneyLost: true, amountLost } : {}),
    publishConsent: true,
  };
  const res = await fetch(`${stack.url}/api/reports`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(input) });
  const text = await res.text();
  expect(res.ok, `report ${n}: ${res.status} ${text}`).toBe(true);
  return JSON.parse(text) as { reportId: string; reference: string };
}

beforeAll(async () => {
  // one after another: each report finds the ones before it
  for (const n of [0, 1, 2]) references.push((await fileReport(n)).reference);
  ({ context: admin, page } = await signedInAdmin(browser, stack, { viewport: { width: 1400, height: 900 } }));
});

afterAll(async () => {
  await admin?.close();
  references = [];
});

const proposalOfAll = () =>
  references.reduce((cards, reference) => cards.filter({ hasText: reference }), page.getByRole("region").filter({ hasText: "Shared identifiers" }));

describe("cases in the console", () => {
  it("proposes the three reports as one link, whatever their spellings, and the administrator confirms it", async () => {
    const nav = page.getByRole("navigation", { name: "Admin sections" });
    await nav.getByRole("link", { name: "Cases", exact: true }).click();
    await page.getByRole("heading", { name: "Cases", exact: true }).waitFor();
    await page.getByRole("link", { name: /Proposed Links/ }).click();
    await page.waitForURL("**/admin/cases/proposals");
    // the proposal is made by a subscriber of report.created: reload until the third report has joined it
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByRole("heading", { name: "Proposed Links" }).waitFor();
          await page
            .getByRole("status")
            .filter({ has: page.getByLabel("Loading proposed links") })
            .waitFor({ state: "detached" });
          return proposalOfAll().count();
        },
        { timeout: 60_000, interval: 1000 },
      )
      .toBe(1);
    const proposal = proposalOfAll();
    for (const label of ["Company: ", "Phone: ", "Website: "]) await proposal.getByText(label, { exact: false }).first().waitFor();
    await proposal.getByRole("button", { name: /^Confirm/ }).click();
    await page.getByText("The reports are linked.").waitFor();
    await expect.poll(() => proposalOfAll().count()).toBe(0);
    await page.getByRole("link", { name: "Open the case" }).click();
    await page.waitForURL(/\/admin\/cases\/[0-9a-z]{21}$/);
  });

  it("shows the case with its three reports, their consent and counts, and no reporter's name", async () => {
    const reports = page.getByRole("table", { name: "Reports of the case" });
    await reports.waitFor();
    for (const reference of references) await reports.getByRole("link", { name: `View details of report ${reference}` }).waitFor();
    expect(await reports.locator("tbody tr").count()).toBe(3);
    expect(await reports.getByRole("cell", { name: "Yes", exact: true }).count()).toBe(3);
    const counts = page.getByRole("region", { name: "Counts" });
    await counts.getByText("$4,000.00").waitFor();
    await counts.getByText("FL, GA, TX").waitFor();
    const identifiers = page.getByRole("region", { name: "Identifiers" });
    await identifiers
      .getByText(/^Phone: /)
      .first()
      .waitFor();
    expect(await page.getByText(REPORTER).count()).toBe(0);
    // a report's reference opens its details in the scam reports screen
    await reports.getByRole("link", { name: `View details of report ${references[0]}` }).click();
    await page.getByRole("dialog").getByText(references[0]!).first().waitFor();
    await page.goBack();
    await reports.waitFor();
  });

  it("changes the case's status, assigns it and takes a note; the timeline has each, newest first", async () => {
    await page.getByRole("region", { name: "Case", exact: true }).getByLabel("Status").click();
    await page.getByRole("option", { name: "Investigating" }).click();
    await page.getByText("The case's status was changed").waitFor();
    await page.locator('[data-status="investigating"]').first().waitFor();

    await page.getByRole("button", { name: "Assign to me" }).click();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText("The case was saved").waitFor();
    expect(await page.getByLabel("Assignee").inputValue()).toBe(stack.admin.email);

    await page.getByLabel("Internal note").fill("Called the Florida AG's office.");
    await page.getByRole("button", { name: "Add note" }).click();
    await page.getByText("The note was added").waitFor();
    const timeline = page.getByRole("region", { name: "Timeline" });
    await timeline.getByText("Called the Florida AG's office.").waitFor();
    const titles = await timeline.locator(".mantine-Timeline-itemTitle").allTextContents();
    expect(titles.slice(0, 3)).toEqual(["Note", "Assignee changed", "Status changed"]);
  });

  it("lists the case with its counts, found by its company and by the status filter", async () => {
    const caseUrl = page.url();
    await page.getByRole("link", { name: "Back to Cases" }).click();
    await page.getByLabel("Search Cases").fill("Exit Pros");
    const row = page.getByRole("row").filter({ hasText: /Exit Pros/i });
    await row.getByText("Investigating").waitFor();
    await row.getByRole("cell", { name: "3", exact: true }).waitFor();
    await row.getByText(stack.admin.email).waitFor();
    await page.getByRole("textbox", { name: "Status", exact: true }).click();
    await page.getByRole("option", { name: "Closed", exact: true }).click();
    await page.getByText("No cases found").waitFor();
    await page.getByRole("textbox", { name: "Status", exact: true }).click();
    await page.getByRole("option", { name: "Investigating", exact: true }).click();
    await row.getByRole("link").first().click();
    await page.waitForURL(caseUrl);
  });

  it("publishes a scam alert from the case, seen in the console with its three consenting reports", async () => {
    const publish = page.getByRole("region", { name: "Publish a scam alert" });
    await publish.getByLabel("Summary").fill("Owners were promised a refund for an upfront fee.");
    // every company, phone and website of the case is chosen to start with
    expect(await publish.getByRole("checkbox").evaluateAll((boxes) => boxes.map((b) => (b as HTMLInputElement).checked))).toEqual([true, true, true]);
    await publish.getByRole("button", { name: "Publish the alert" }).click();
    await page.getByText("The scam alert was published").waitFor();
    await page.getByRole("link", { name: "Open the alert in the console" }).click();
    await page.waitForURL(/\/admin\/scam-alerts\/[^/]+$/);
    const figures = page.getByRole("region", { name: "Public figures" });
    await figures.getByText("3", { exact: true }).waitFor();
    await page.getByRole("region", { name: "Correction requests" }).waitFor();
    await page.getByRole("link", { name: "Its public page" }).waitFor();
    expect(await page.getByText(REPORTER).count()).toBe(0);

    // what the public lookup answers, by another spelling of the phone: the three reports, no reporter
    const res = await fetch(`${stack.url}/api/public/scam-alerts?q=${encodeURIComponent("407-555-0199")}`);
    const text = await res.text();
    expect(res.status, text).toBe(200);
    const { alerts } = JSON.parse(text) as { alerts: { title: string; stats: { reports: number } }[] };
    expect(alerts.map((alert) => alert.stats.reports)).toEqual([3]);
    expect(text).not.toContain(REPORTER);
    expect(text).not.toContain("Orlando");

    await page.getByRole("link", { name: "Back to Scam Alerts" }).click();
    await page.getByRole("table", { name: "Scam alerts" }).getByRole("row").filter({ hasText: "Published" }).first().waitFor();
  });
});
