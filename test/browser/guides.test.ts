/**
 * The four free guides end to end (acceptance): a visitor submits each page's form and sees
 * the toast; the e-mail in the outbox links to the guide's PDF, which downloads and parses as a PDF
 * with the guide's title; the administrator finds each submission under /admin/forms with its
 * details, exports a list, deletes one and deletes all, and the audit trail records each.
 */
import { readFile } from "node:fs/promises";
import { PDFDocument } from "pdf-lib";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, describe, expect, inject, it } from "vitest";
import { LEAD_FORMS, LEAD_FORM_INFO, LEAD_MESSAGES, type LeadForm } from "@site/core/lead/forms";
import { LEAD_CSV_COLUMNS } from "@site/core/lead/record";
import { fileBrowser, signedInAdmin, visit } from "../support/browser";
import { stackOutbox } from "../support/stack-outbox";

const stack = inject("stack");
const browser = fileBrowser();
const stamp = Date.now();
const { mailTo } = stackOutbox(stack.outboxDir);
const visitor = (form: LeadForm) => ({ fullName: `Guide Reader ${form.replace(/-/g, " ")}`, email: `guide-${form}-${stamp}@example.com` });

describe("a visitor asks for each guide", () => {
  it.each(LEAD_FORMS.map((form) => [form]))("%s: the form, the toast, the e-mail and its PDF", async (form) => {
    const info = LEAD_FORM_INFO[form];
    const person = visitor(form);
    const context = await browser.newContext({ baseURL: stack.url });
    const page = await context.newPage();
    await visit(page, info.path);
    await page.getByRole("heading", { level: 1, name: info.documentTitle }).waitFor();

    await page.getByLabel("Full Name").fill(person.fullName);
    await page.getByLabel("Email").fill(person.email);
    await page.getByLabel(LEAD_MESSAGES.consentLabel).check();
    await page.getByRole("button", { name: /^Send Me the / }).click();
    await page.getByRole("status").getByText(LEAD_MESSAGES.sent(info, person.email)).waitFor();
    await expect(page.getByLabel("Email").inputValue()).resolves.toBe(info.clearsOnSuccess ? "" : person.email);
    await context.close();

    const mail = await mailTo(person.email);
    const link = /https?:\/\/\S+\.pdf/.exec(mail.text)?.[0];
    expect(link, mail.text).toBeDefined();
    const res = await fetch(new URL(new URL(link!).pathname, stack.url));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const pdf = await PDFDocument.load(new Uint8Array(await res.arrayBuffer()));
    expect(pdf.getTitle()).toBe(info.documentTitle);
    expect(pdf.getPageCount()).toBeGreaterThan(0);
  });
});

describe("the administrators' lists", () => {
  let admin: BrowserContext;
  let page: Page;
  afterAll(async () => {
    await admin?.close();
  });

  const auditActions = async () => {
    const token = await page.evaluate(() => localStorage.getItem(Object.keys(localStorage).find((k) => k.endsWith(".accessToken"))!));
    const res = await fetch(`${stack.url}/api/admin/audit?limit=50`, { headers: { authorization: `Bearer ${token}` } });
    return ((await res.json()) as { items: { action: string }[] }).items.map((e) => e.action);
  };

  it("count every form's submissions and show each one with its details", async () => {
    ({ context: admin, page } = await signedInAdmin(browser, stack, { viewport: { width: 1400, height: 900 } }));
    await page.getByRole("link", { name: "Forms" }).first().click();
    await page.waitForURL("**/admin/forms");
    for (const form of LEAD_FORMS) await page.getByRole("region", { name: LEAD_FORM_INFO[form].adminTitle }).waitFor();

    const info = LEAD_FORM_INFO.checklist;
    const person = visitor("checklist");
    await page.getByRole("link", { name: `View Entries of ${info.adminTitle}` }).click();
    await page.getByRole("heading", { name: info.listTitle }).waitFor();
    await page.getByLabel("Search Submissions").fill(person.email);
    await page.getByText("Total Submissions: 1").waitFor();
    await page.getByRole("button", { name: `View details of the submission of ${person.fullName}` }).click();
    const details = page.getByRole("dialog");
    await details.getByText(person.email).first().waitFor();
    await page.keyboard.press("Escape");
    await details.waitFor({ state: "detached" });
  });

  it("export the list as CSV with the spec's columns, and delete one", async () => {
    const person = visitor("checklist");
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export as CSV" }).click()]);
    const lines = (await readFile((await download.path())!, "utf8")).trimEnd().split("\r\n");
    expect(lines[0]).toBe(LEAD_CSV_COLUMNS.map((c) => `"${c}"`).join(","));
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(person.email);

    await page.getByRole("button", { name: `Delete the submission of ${person.fullName}` }).click();
    await page.getByRole("dialog").getByText("Are you sure you want to delete this submission? This action cannot be undone.").waitFor();
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await page.getByText("Total Submissions: 0").waitFor();
  });

  it("delete all of a form's submissions after CONFIRM, and audit all three", async () => {
    const info = LEAD_FORM_INFO["where-scams-thrive"];
    await page.goto(`/admin/forms/${info.adminSlug}`);
    await page.getByRole("heading", { name: info.listTitle }).waitFor();
    await page.getByRole("button", { name: "Delete All" }).click();
    const confirm = page.getByRole("dialog");
    await confirm.getByText("This will permanently delete all submissions. This action cannot be undone.").waitFor();
    await confirm.getByRole("textbox").fill("CONFIRM");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await confirm.waitFor({ state: "detached" });
    await page.getByText("No submissions found").waitFor();
    await expect(page.getByRole("button", { name: "Delete All" }).count()).resolves.toBe(0);
    expect(await auditActions()).toEqual(expect.arrayContaining(["leads.exported", "lead.deleted", "leads.deleted_all"]));
  });
});
