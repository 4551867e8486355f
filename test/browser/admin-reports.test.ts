import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { REPORT_COLUMNS } from "@site/core/report/record";
import { axeFindings, describeFindings } from "../support/axe";
import { fileBrowser, signedInAdmin } from "../support/browser";
import { fullReport, PDF, postToBucket } from "../support/reports";

/**
 * /admin/scam-reports as an administrator uses it: a report filed through the API with
 * a PDF uploaded by presigned POST, found in the list, its details and evidence download, its status
 * changed, the deep link of the admin e-mail, the page export, then deleted. The tests run in order
 * and share one signed-in page.
 */
const stack = inject("stack");
const browser = fileBrowser();
let admin: BrowserContext;
let page: Page;

const stamp = Date.now();
const company = `Browser Resorts ${stamp}`;
let report: { reportId: string; reference: string };

async function token(): Promise<string> {
  const value = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.endsWith(".accessToken"));
    return key ? localStorage.getItem(key) : null;
  });
  if (!value) throw new Error("no access token in the admin page");
  return value;
}

async function post<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(`${stack.url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const text = await res.text();
  expect(res.ok, `${path}: ${res.status} ${text}`).toBe(true);
  return JSON.parse(text) as T;
}

beforeAll(async () => {
  // A report as the wizard files it: the PDF straight to the bucket, then the report that claims it.
  const ticket = await post<{ uploadId: string; url: string; fields: Record<string, string>; maxBytes: number }>("/api/reports/uploads", {
    purpose: "details",
    fileName: "contract.pdf",
    size: PDF.length,
  });
  expect((await postToBucket(ticket, PDF, "contract.pdf")).status).toBe(204);
  const input = fullReport(`browser-${stamp}`, { details: { uploadId: ticket.uploadId, fileName: "contract.pdf" } });
  report = await post("/api/reports", { ...input, scammer: { ...input.scammer, company } });

  ({ context: admin, page } = await signedInAdmin(browser, stack, { viewport: { width: 1400, height: 900 } }));
});

afterAll(async () => {
  await admin?.close();
});

const dialog = () => page.getByRole("dialog");
const rowWith = (text: string) => page.getByRole("row").filter({ hasText: text });

describe("the scam reports screen", () => {
  it("is linked from the dashboard and finds the report by company name", async () => {
    await page.getByRole("link", { name: "Scam Reports" }).first().click();
    await page.waitForURL("**/admin/scam-reports");
    await page.getByRole("heading", { name: "Scam Reports Administration" }).waitFor();
    await page.getByRole("tab", { name: "Completed Reports" }).waitFor();
    for (const header of ["Reference", "Submitted (EST)", "Reporter", "Scammer / Company", "Scam Types", "Money Lost", "Date Occurred", "Status", "Actions"]) {
      await page.getByRole("columnheader", { name: header, exact: true }).waitFor();
    }
    await page.getByLabel("Search Reports").fill(company);
    await page.getByText("Total Reports: 1").waitFor();
    const row = rowWith(report.reference);
    await row.getByText("$1,500.00").waitFor();
    await row.getByText("New", { exact: true }).waitFor();
    await row.getByText("03/07/2025").waitFor();
    await page.getByLabel("Search Reports").fill(`nothing-${stamp}`);
    await page.getByText("No reports found").waitFor();
    // the reference, typed without dashes, finds it too
    await page.getByLabel("Search Reports").fill(report.reference.replace(/-/g, "").toLowerCase());
    await rowWith(report.reference).waitFor();
  });

  it("shows every section of the details, with no axe findings, and downloads the evidence", async () => {
    await rowWith(report.reference)
      .getByRole("button", { name: `View details of report ${report.reference}` })
      .click();
    const details = dialog();
    await details.getByText("Report Details").waitFor();
    await details.getByText(report.reference).first().waitFor();
    for (const section of ["Reporter", "Scam Types", "Contact Methods", "What Happened", "Known Details", "Evidence", "Follow-up", "Metadata"]) {
      await details.getByRole("region", { name: section }).waitFor();
    }
    const types = details.getByRole("region", { name: "Scam Types" });
    await types.getByText("Claimed Sale Amount").waitFor();
    await types.getByText("$25,000.00").waitFor();
    await types.getByText("Promised Services").waitFor();
    await types.getByText("A listing on a resale site").waitFor();
    await types.getByText("Tactics Used").waitFor();
    await types.getByText("Promised Refund Amount").waitFor();
    await types.getByText("$9,000.00").waitFor();
    const contacts = details.getByRole("region", { name: "Contact Methods" });
    await contacts.getByText("(555) 123-4567").waitFor();
    await contacts.getByText("offers@resale.example").waitFor();
    await contacts.getByText("Owner update meeting").waitFor();
    await details.getByRole("region", { name: "Known Details" }).getByText(company).waitFor();
    await details.getByRole("region", { name: "Follow-up" }).getByText("Florida Attorney General").waitFor();

    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
    const findings = await axeFindings(page, "[role=dialog]");
    expect(findings, describeFindings(findings)).toEqual([]);

    const [download] = await Promise.all([page.waitForEvent("download"), details.getByRole("link", { name: "Download contract.pdf" }).click()]);
    expect(download.suggestedFilename()).toBe("contract.pdf");
    expect((await readFile((await download.path())!)).equals(PDF)).toBe(true);
  });

  it("changes the status from the details; the list and its status filter follow", async () => {
    const details = dialog();
    await details.getByLabel("Status").first().click();
    await page.getByRole("option", { name: "In review" }).click();
    await details.getByText("In review", { exact: true }).first().waitFor();
    await page.keyboard.press("Escape");
    await details.waitFor({ state: "detached" });
    await rowWith(report.reference).getByText("In review", { exact: true }).waitFor();
    const statusFilter = async (label: string) => {
      await page.getByLabel("Status", { exact: true }).first().click();
      await page.getByRole("option", { name: label, exact: true }).click();
    };
    await statusFilter("Spam");
    await page.getByText("No reports found").waitFor();
    await statusFilter("In review");
    await rowWith(report.reference).waitFor();
    await statusFilter("Any");
    const res = await fetch(`${stack.url}/api/admin/reports/${report.reportId}`, { headers: { authorization: `Bearer ${await token()}` } });
    expect(((await res.json()) as { status: string }).status).toBe("in_review");
  });

  it("opens a report's details from the admin e-mail's link", async () => {
    await page.goto(`/admin/scam-reports?report=${report.reportId}`);
    await dialog().getByText(report.reference).first().waitFor();
    await dialog().getByRole("region", { name: "Reporter" }).getByText("Dana O'Reilly").waitFor();
    await page.keyboard.press("Escape");
    await dialog().waitFor({ state: "detached" });
    expect(new URL(page.url()).search).toBe("");
  });

  it("exports the current page as CSV with the spreadsheet's columns", async () => {
    await page.getByLabel("Search Reports").fill(company);
    await page.getByText("Total Reports: 1").waitFor();
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export Page (CSV)" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^scam-reports-\d{4}-\d{2}-\d{2}-page-1\.csv$/);
    const lines = (await readFile((await download.path())!, "utf8")).trimEnd().split("\r\n");
    expect(lines[0]).toBe(REPORT_COLUMNS.map((c) => `"${c}"`).join(","));
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"${report.reference}","in_review"`);
    expect(lines[1]).toContain('"contract.pdf"');
  });

  it("exports all matching reports as CSV and every report as JSON, each as a job whose file downloads when done", async () => {
    const [csv] = await Promise.all([
      page.waitForEvent("download", { timeout: 60_000 }),
      page.getByRole("button", { name: "Export All Matching (CSV)" }).click(),
    ]);
    expect(csv.suggestedFilename()).toMatch(/^scam-reports-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await readFile((await csv.path())!, "utf8")).trimEnd().split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"${report.reference}","in_review"`);

    const [json] = await Promise.all([page.waitForEvent("download", { timeout: 60_000 }), page.getByRole("button", { name: "Export All (JSON)" }).click()]);
    expect(json.suggestedFilename()).toMatch(/^scam-reports-\d{4}-\d{2}-\d{2}\.json$/);
    const all = JSON.parse(await readFile((await json.path())!, "utf8")) as { reference: string; evidence: { fileName: string; key?: string }[] }[];
    const ours = all.find((r) => r.reference === report.reference);
    expect(ours?.evidence.map((e) => e.fileName)).toContain("contract.pdf");
    expect(ours?.evidence.every((e) => e.key === undefined)).toBe(true);
  });

  it("searches the text of every report as a job, lists the match in a long field and opens its details", async () => {
    await page.getByRole("button", { name: "Search Report Text" }).click();
    const panel = page.getByRole("region", { name: "Search report text" });
    const input = panel.getByRole("textbox", { name: "Search report text" });
    // the form starts from the list's search box
    expect(await input.inputValue()).toBe(company);
    await input.fill("FOUR-HOUR presentation");
    await panel.getByRole("button", { name: "Search", exact: true }).click();
    const match = panel.getByRole("table", { name: "Reports holding the text" }).getByRole("row").filter({ hasText: report.reference });
    await match.filter({ hasText: "Tactics Used" }).filter({ hasText: "A four-hour presentation <b>with</b> free drinks" }).waitFor({ timeout: 60_000 });
    await match.getByText("Dana O'Reilly").waitFor();
    await panel.getByText(/^\d+ reports? of [\d,]+ holds? “FOUR-HOUR presentation”\.$/).waitFor();
    await match.getByRole("button", { name: `View details of report ${report.reference}` }).click();
    await dialog().getByText(report.reference).first().waitFor();
    await page.keyboard.press("Escape");
    await dialog().waitFor({ state: "detached" });
    await panel.getByRole("button", { name: "Close" }).click();
    await panel.waitFor({ state: "detached" });
  });

  it("deletes the report after confirming", async () => {
    await rowWith(report.reference)
      .getByRole("button", { name: `Delete report ${report.reference}` })
      .click();
    await dialog().getByText("Are you sure you want to delete this report and its evidence files? This action cannot be undone.").waitFor();
    await dialog().getByRole("button", { name: "Delete" }).click();
    await dialog().waitFor({ state: "detached" });
    await page.getByText("Total Reports: 0").waitFor();
    await page.getByText("No reports found").waitFor();
    const res = await fetch(`${stack.url}/api/admin/reports/${report.reportId}`, { headers: { authorization: `Bearer ${await token()}` } });
    expect(res.status).toBe(404);
  });
});
