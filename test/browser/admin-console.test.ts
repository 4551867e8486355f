import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { listOutbox } from "@site/core/mail/outbox";
import type { BrowserContext, Page } from "playwright-core";
import { fileBrowser, signedInAdmin } from "../support/browser";

/**
 * The admin console as an administrator uses it: create a petition, edit its goal, look at and
 * export its signatures, delete one, delete all, delete the petition, send a test e-mail.
 * The tests run in order and share one signed-in page.
 */
const stack = inject("stack");
const browser = fileBrowser();
let admin: BrowserContext;
let page: Page;

const stamp = Date.now();
const title = `Console petition ${stamp}`;
// names take no digits: the stamp's digits become letters a-j
const nameStamp = String(stamp).replace(/[0-9]/g, (d) => "abcdefghij"[Number(d)]);
const signers = [
  { first: "Alma", last: `Quill${nameStamp}`, email: `alma-${stamp}@example.com`, timeshare: "Harbor Point" },
  { first: "Bruno", last: `Zed${nameStamp}`, email: `bruno-${stamp}@example.com`, timeshare: "" },
];
let petitionId = "";

beforeAll(async () => {
  ({ context: admin, page } = await signedInAdmin(browser, stack));
});

afterAll(async () => {
  await admin?.close();
});

async function token(): Promise<string> {
  const value = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.endsWith(".accessToken"));
    return key ? localStorage.getItem(key) : null;
  });
  if (!value) throw new Error("no access token in the admin page");
  return value;
}

async function adminGet<T>(path: string): Promise<T> {
  const res = await fetch(`${stack.url}${path}`, { headers: { authorization: `Bearer ${await token()}` } });
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

/** The local outbox's e-mails (the shared reader skips a message still being written). */
const outbox = () => listOutbox(stack.outboxDir);

async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 200));
  }
}

const dialog = () => page.getByRole("dialog");
const rowWith = (text: string) => page.getByRole("row").filter({ hasText: text });
const signaturesPath = () => `/admin/petitions/${petitionId}/signatures`;

describe("the admin console", () => {
  it("creates a petition (digits-only goal) and lands on its share page", async () => {
    await page.getByRole("link", { name: "Create Petition" }).first().click();
    await page.waitForURL("**/admin/create-petition");
    // the text box itself: while the route changes, another element of the page may carry "goal" in its label
    const goal = page.getByRole("textbox", { name: "Goal" });
    await expect(goal.inputValue()).resolves.toBe("1000");
    const create = page.getByRole("button", { name: "Create Petition" });
    await goal.fill("abc");
    await expect(goal.inputValue()).resolves.toBe("");
    await expect(create.isDisabled()).resolves.toBe(true);
    await goal.pressSequentially("5x0");
    await expect(goal.inputValue()).resolves.toBe("50");

    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Story").fill("Owners deserve a fair way out. This petition was created by the admin console test.");
    // on by default for a new petition; this one counts every signature at once
    const verify = page.getByRole("checkbox", { name: "Count only signatures confirmed by e-mail" });
    await expect(verify.isChecked()).resolves.toBe(true);
    await verify.uncheck();
    await create.click();
    await page.waitForURL(/\/share\/[^/]+$/);
    petitionId = decodeURIComponent(new URL(page.url()).pathname.split("/").pop()!);
    await page.getByText("Spread the Word—Every Signature Counts!").waitFor();
    await page.getByText("0 of 50 signatures collected").waitFor();
  });

  it("edits the goal in Manage Petitions", async () => {
    await page.goto("/admin/petitions");
    await page.getByRole("heading", { name: "Manage Petitions" }).waitFor();
    await page.getByLabel("Search Petitions").fill(title);
    const row = rowWith(title);
    await row.waitFor();
    await expect.poll(() => page.getByRole("row").count()).toBe(2); // header + the match
    await row.getByText("0.0%").waitFor();
    await row.getByRole("button", { name: "Edit Goal" }).click();
    const goal = dialog().getByLabel("Goal");
    await expect(goal.inputValue()).resolves.toBe("50");
    await goal.fill("80");
    await dialog().getByRole("button", { name: "Save" }).click();
    await dialog().waitFor({ state: "detached" });
    await row.locator('[data-column="goal"]', { hasText: "80" }).waitFor();
    const petition = (await (await fetch(`${stack.url}/api/petitions/${petitionId}`)).json()) as { goal: number };
    expect(petition.goal).toBe(80);
  });

  it("two people sign it from the public page", async () => {
    for (const signer of signers) {
      const visitor = await browser.newContext({ baseURL: stack.url });
      const p = await visitor.newPage();
      await p.goto(`/sign/${petitionId}`);
      await p.getByText(title).first().waitFor();
      await p.getByLabel("First Name").fill(signer.first);
      await p.getByLabel("Last Name").fill(signer.last);
      await p.getByLabel("Email").fill(signer.email);
      if (signer.timeshare) await p.getByLabel("Timeshare Name").fill(signer.timeshare);
      await p.getByRole("button", { name: "Sign Petition" }).click();
      await p.getByText("Thank you for signing the petition!").waitFor();
      await visitor.close();
    }
  });

  it("lists the petition's signatures, finds a signer by search and shows their details", async () => {
    await expect.poll(async () => (await adminGet<{ total: number }>(`/api/admin/signatures?petitionId=${petitionId}`)).total, { timeout: 15_000 }).toBe(2);
    await page.goto(signaturesPath());
    await page.getByRole("heading", { name: "Petition Signatures" }).waitFor();
    await page.getByText("Total Signatures: 2").waitFor();
    for (const header of ["#", "First Name", "Last Name", "Email", "Timeshare Name", "Petition ID", "Signed At (EST)", "Actions"]) {
      await page.getByRole("columnheader", { name: header, exact: true }).waitFor();
    }
    await expect(page.getByRole("link", { name: /Back to Forms/ }).getAttribute("href")).resolves.toBe("/admin/forms");
    // Bruno left the timeshare name empty
    await rowWith(signers[1]!.email).getByText("N/A").waitFor();

    await page.getByLabel("Search Signatures").fill(signers[1]!.last);
    await page.getByText("Total Signatures: 1").waitFor();
    const row = rowWith(signers[1]!.email);
    await row.waitFor();
    await expect(rowWith(signers[0]!.email).count()).resolves.toBe(0);

    const [listed] = (
      await adminGet<{ items: { id: string }[] }>(`/api/admin/signatures?petitionId=${petitionId}&search=${encodeURIComponent(signers[1]!.email)}`)
    ).items;
    const full = await adminGet<{ meta: Record<string, string> }>(`/api/admin/petitions/${petitionId}/signatures/${listed!.id}`);

    await row.getByRole("button", { name: "View Details" }).click();
    const details = dialog();
    await details.getByText("Signature Details").waitFor();
    await details.getByText(signers[1]!.email).first().waitFor();
    for (const section of ["Signer", "Location", "Device"]) await details.getByRole("region", { name: section }).waitFor();
    const location = details.getByRole("region", { name: "Location" });
    const device = details.getByRole("region", { name: "Device" });
    await location
      .getByText(full.meta.city || "N/A", { exact: true })
      .first()
      .waitFor();
    await location
      .getByText(full.meta.ipAddress || "N/A", { exact: true })
      .first()
      .waitFor();
    await device
      .getByText(full.meta.browser || "N/A", { exact: true })
      .first()
      .waitFor();
    await device
      .getByText(full.meta.screenResolution || "N/A", { exact: true })
      .first()
      .waitFor();
    await expect(device.getByText("Desktop", { exact: true }).count()).resolves.toBeGreaterThan(0);
    await page.keyboard.press("Escape");
    await details.waitFor({ state: "detached" });
  });

  it("syncs to the sheet as a job, following it until done", async () => {
    const started = page.waitForResponse((r) => r.url().endsWith("/api/admin/sheets/signatures") && r.request().method() === "POST");
    const polled = page.waitForResponse((r) => /\/api\/admin\/jobs\/[0-9a-z]{21}$/.test(r.url()));
    await page.getByRole("button", { name: "Sync to Sheet" }).click();
    const answer = await started;
    expect(answer.status()).toBe(202);
    const { jobId } = (await answer.json()) as { jobId: string };
    expect((await polled).url()).toContain(jobId);
    const notice = page.getByText(/^Signatures synced successfully! [\d,]+ rows? written\.$/);
    await notice.waitFor({ timeout: 30_000 });
    const job = await adminGet<{ status: string; actor: string; result: { rows: number } }>(`/api/admin/jobs/${jobId}`);
    expect(job).toMatchObject({ status: "done", actor: stack.admin.email });
    expect(job.result.rows).toBeGreaterThanOrEqual(2);
    await expect(notice.textContent()).resolves.toContain(job.result.rows.toLocaleString("en-US"));
    await expect.poll(() => page.getByRole("button", { name: "Sync to Sheet" }).isEnabled()).toBe(true);
  });

  it("exports the signatures as CSV", async () => {
    await page.getByLabel("Search Signatures").fill("");
    await page.getByText("Total Signatures: 2").waitFor();
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export CSV" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^petition-signatures-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path())!, "utf8");
    const lines = csv.trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      '"First Name","Last Name","Email","Timeshare Name","Petition ID","Submission Date","Browser","Device Type","Screen Resolution","Timezone","City","Region","Country","IP Address","Status"',
    );
    expect(lines).toHaveLength(3);
    const alma = lines.find((l) => l.includes(signers[0]!.email))!;
    expect(alma.startsWith(`"Alma","${signers[0]!.last}","${signers[0]!.email}","Harbor Point","${petitionId}","`)).toBe(true);
    const today = new Date().toLocaleDateString("en-US", { timeZone: "America/New_York" });
    expect(alma).toContain(`"${today}"`);
    expect(lines.some((l) => l.includes(signers[1]!.email))).toBe(true);
  });

  it("makes the petition's delivery pack (PDF) as a job and downloads it", async () => {
    await page.getByRole("button", { name: "Delivery pack (PDF)" }).click();
    const pack = dialog();
    await pack.getByText("It names no signer.", { exact: false }).waitFor();
    const [download] = await Promise.all([page.waitForEvent("download", { timeout: 60_000 }), pack.getByRole("button", { name: "Make PDF" }).click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^delivery-pack-${petitionId}-\\d{4}-\\d{2}-\\d{2}\\.pdf$`));
    const bytes = await readFile((await download.path())!);
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    await pack.getByText(/is downloading/).waitFor();
    await page.keyboard.press("Escape");
    await pack.waitFor({ state: "detached" });
  });

  it("deletes one signature after confirming", async () => {
    await rowWith(signers[0]!.email).getByRole("button", { name: "Delete Signature" }).click();
    await dialog().getByText("Are you sure you want to delete this signature? This action cannot be undone.").waitFor();
    await dialog().getByRole("button", { name: "Delete" }).click();
    await dialog().waitFor({ state: "detached" });
    await page.getByText("Total Signatures: 1").waitFor();
    await rowWith(signers[0]!.email).waitFor({ state: "detached" });
  });

  it("deletes all of the petition's signatures only after CONFIRM is typed exactly, saying it is this petition's", async () => {
    await page.getByRole("button", { name: "Delete All" }).click();
    const confirm = dialog();
    await confirm.getByText("Confirm Deletion of This Petition's Signatures").waitFor();
    await confirm
      .getByText(
        "Are you absolutely sure you want to delete all signatures of this petition? The signatures of other petitions are kept. This action cannot be undone.",
      )
      .waitFor();
    const button = confirm.getByRole("button", { name: "Delete" });
    await expect(button.isDisabled()).resolves.toBe(true);
    const input = confirm.getByRole("textbox");
    await input.fill("confirm");
    await confirm.getByText("Please type CONFIRM exactly to proceed").waitFor();
    await expect(button.isDisabled()).resolves.toBe(true);
    await input.fill("CONFIRM");
    await expect.poll(() => button.isEnabled()).toBe(true);
    await button.click();
    await confirm.waitFor({ state: "detached" });
    await page.getByText("Total Signatures: 0").waitFor();
    await page.getByText("No signatures found").waitFor();
    await expect(page.getByRole("button", { name: "Export CSV" }).isDisabled()).resolves.toBe(true);
    await expect(page.getByRole("button", { name: "Delete All" }).isDisabled()).resolves.toBe(true);
    const petition = (await (await fetch(`${stack.url}/api/petitions/${petitionId}`)).json()) as { signatureCount: number };
    expect(petition.signatureCount).toBe(0);
  });

  it("deletes the petition", async () => {
    await page.goto("/admin/petitions");
    await page.getByLabel("Search Petitions").fill(title);
    const row = rowWith(title);
    await row.getByRole("button", { name: "Delete" }).click();
    await dialog().getByText("Are you sure you want to delete this petition? This action cannot be undone.").waitFor();
    await dialog().getByRole("button", { name: "Cancel" }).waitFor();
    await dialog().getByRole("button", { name: "Delete" }).click();
    await dialog().waitFor({ state: "detached", timeout: 30_000 });
    await page.getByText("No petitions found").waitFor();
    expect((await fetch(`${stack.url}/api/petitions/${petitionId}`)).status).toBe(404);
  });

  it("shows the actions in the dashboard's recent activity", async () => {
    await page.goto("/admin/dashboard");
    await page.getByRole("tab", { name: "Petitions" }).waitFor();
    const activity = page.getByRole("region", { name: "Recent admin activity" });
    await activity.getByText("Deleted a petition").first().waitFor();
    await activity.getByText(stack.admin.email).first().waitFor();
    await page.getByRole("tab", { name: "Signatures" }).click();
    await page.getByLabel("Search Signatures").fill(`nobody-${stamp}`);
    await page.getByText("No signatures found").waitFor();
  });

  it("sends a test e-mail to the signed-in administrator", async () => {
    await page.goto("/admin/test-email");
    await page.getByRole("heading", { name: "Test Email Notification" }).waitFor();
    const before = new Set((await outbox()).map((m) => JSON.stringify(m)));
    await page.getByRole("button", { name: "Send Test Email" }).click();
    await page.getByText(`Test email sent successfully! Check ${stack.admin.email}`).waitFor();
    const mail = await waitFor(async () => (await outbox()).find((m) => !before.has(JSON.stringify(m)) && m.to.includes(stack.admin.email)));
    expect(mail.subject.toLowerCase()).toContain("test");
  });
});
