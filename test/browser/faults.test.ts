/**
 * Issue 42's page-level promise: a form whose route fails after it did its work is sent again by the
 * page with the same idempotency key, stored once, and the visitor told it worked. On a stack of its
 * own whose local server plays the faults (FAULTS, scoped to one route and bounded): the sign route
 * times out twice after storing (API Gateway's 503), the report route fails once after storing (its 500).
 * And the console's health panel: a guide's e-mail whose deliveries all failed is shown and re-driven.
 */
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetSettings } from "@site/core/config";
import { resetDb } from "@site/core/db/client";
import { Report } from "@site/core/report";
import { startEphemeralStack, type RunningStack } from "../../scripts/bench/stack-process";
import { TABLE_NAME } from "../../scripts/local/stack";
import { fastRetries, fileBrowser, signedInAdmin, visit } from "../support/browser";
import { stackOutbox } from "../support/stack-outbox";
import { LEAD_FORM_INFO, LEAD_MESSAGES } from "@site/core/lead/forms";
import { DeadLetters } from "@site/core/dead-letters";
import { petitionItems } from "../support/fixtures";
import { completeDraft } from "../support/report-draft";
import { PNG } from "../support/reports";
import { shownReference } from "../support/report-reference";

const SIGN_ROUTE = "POST /api/petitions/{id}/signatures";
const REPORT_ROUTE = "POST /api/reports";
/** More failed deliveries than the local bus tries (5): the guide's e-mail is dead-lettered. */
const GUIDE_SUBSCRIBER = "lead-guide-email";
const FAULTS = `lambda:timeout-after-work@1*2~${SIGN_ROUTE},lambda:error-after-work@1*1~${REPORT_ROUTE},bus:delivery-fails@1*5~${GUIDE_SUBSCRIBER}`;

const browser = fileBrowser();
let stack: RunningStack;
let context: BrowserContext;

beforeAll(async () => {
  // (the faults it plays are logged as errors by design: kept out of the test output)
  // (the bus's retries shortened, as many as its own: the dead-lettered delivery is given up in 1.5 s, not 14)
  stack = await startEphemeralStack({ FAULTS, LOG_LEVEL: "SILENT", LOCAL_BUS_RETRY_DELAYS_MS: "100,200,400,800" });
  Object.assign(process.env, { TABLE_NAME, AWS_REGION: "us-east-1", DYNAMODB_ENDPOINT: stack.dynamodb });
  resetSettings();
  resetDb();
  context = await browser.newContext({ baseURL: stack.url, viewport: { width: 1280, height: 900 } });
}, 180_000);
afterAll(async () => {
  await context?.close();
  await stack?.stop();
});

/** The statuses of the page's POSTs to `path`, in order. */
function postsTo(page: Page, path: RegExp): number[] {
  const statuses: number[] = [];
  page.on("response", (r) => {
    if (r.request().method() === "POST" && path.test(new URL(r.url()).pathname)) statuses.push(r.status());
  });
  return statuses;
}

describe("a form whose route fails after storing it", () => {
  it("signs once when the sign route times out twice (503), and the page says the signature counted", async () => {
    const page = await context.newPage();
    const statuses = postsTo(page, /\/signatures$/);
    const answered = page.waitForResponse((r) => r.request().method() === "POST" && r.url().endsWith("/signatures") && r.status() === 201);
    await visit(page, `/sign/${stack.defaultPetitionId}`);
    const email = `faulted-${Date.now()}@example.com`;
    await page.getByLabel("First Name").fill("Fiona");
    await page.getByLabel("Last Name").fill("Faulted");
    await page.getByLabel("Email").fill(email);
    const retries = await fastRetries(page);
    await page.getByRole("button", { name: "Sign Petition" }).click();
    await retries.until(page.getByText("Thank you for signing the petition!"));
    expect(statuses).toEqual([503, 503, 201]);

    const stored = (await petitionItems(stack.defaultPetitionId)).signatures.filter((s) => s.email === email);
    expect(stored).toHaveLength(1);
    // the retry was answered as the first attempt (its signature), not as a repeat (a fresh id naming nothing)
    expect(((await (await answered).json()) as { signatureId: string }).signatureId).toBe(stored[0].id);
    await page.close();
  });

  it("stores one report with its evidence when the report route fails once after storing it (500)", async () => {
    const page = await context.newPage();
    const statuses = postsTo(page, /^\/api\/reports$/);
    const email = `faulted-reporter-${Date.now()}@example.com`;
    // the wizard's first two steps as the visitor left them (sessionStorage), then the evidence step
    await page.addInitScript(
      (draft) => {
        sessionStorage.setItem("report-scam:draft", draft);
        sessionStorage.setItem("report-scam:step", "2");
      },
      JSON.stringify(completeDraft(email)),
    );
    await visit(page, "/report-scam");
    const [chooser] = await Promise.all([page.waitForEvent("filechooser"), page.getByRole("button", { name: "Evidence File" }).click()]);
    await chooser.setFiles({ name: "receipt.png", mimeType: "image/png", buffer: PNG });
    await page.getByRole("button", { name: "Remove receipt.png" }).waitFor({ timeout: 15_000 });
    await page.getByRole("button", { name: "Next", exact: true }).click();
    const retries = await fastRetries(page);
    await page.getByRole("button", { name: "Submit Report" }).click();
    await retries.until(page.getByTestId("report-reference"));
    await page.waitForURL("**/report-scam/thank-you");
    const reference = await shownReference(page);
    expect(statuses).toEqual([500, 201]);

    const report = await Report.fromReference(reference);
    expect(report.reporter.email.toLowerCase()).toBe(email);
    expect(report.evidence.map((e) => e.fileName)).toEqual(["receipt.png"]);
    // one report for this address: the retry answered the first attempt's reference and stored nothing
    const mine = [];
    for await (const page of Report.allNewestFirst()) mine.push(...page.filter((r) => r.reporter.email.toLowerCase() === email));
    expect(mine.map((r) => r.reference)).toEqual([reference]);
    await page.close();
  });
});

describe("the console's health panel", () => {
  it("shows a side effect that failed every retry, and re-drives it: the guide's e-mail is sent once", async () => {
    const info = LEAD_FORM_INFO.checklist;
    const email = `dead-lettered-${Date.now()}@example.com`;
    const page = await context.newPage();
    await visit(page, info.path);
    await page.getByLabel("Full Name").fill("Dana Deadletter");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: /^Send Me the / }).click();
    await page.getByRole("status").getByText(LEAD_MESSAGES.sent(info, email)).waitFor();
    await page.close();

    // the local bus gives the delivery up after its retries: the dead letter is recorded
    const letter = await expect
      .poll(async () => (await DeadLetters.list()).items.find((l) => l.target === GUIDE_SUBSCRIBER && l.state === "waiting"), { timeout: 30_000 })
      .toBeDefined()
      .then(async () => (await DeadLetters.list()).items.find((l) => l.target === GUIDE_SUBSCRIBER)!);
    const { mailsTo } = stackOutbox(stack.outboxDir);
    expect(await mailsTo(email)).toEqual([]);

    const admin = await signedInAdmin(browser, stack);
    await admin.page.getByRole("link", { name: "Health" }).click();
    await admin.page.waitForURL("**/admin/health");
    const row = admin.page.locator(`tr[data-dead-letter-id="${letter.id}"]`);
    await row.getByText(GUIDE_SUBSCRIBER).first().waitFor();
    await row.getByRole("button", { name: `Re-drive ${letter.detailType} ${letter.eventId}` }).click();
    await admin.page.getByText("Re-driven: the side effect runs again").waitFor();
    await row.getByText("Re-driven", { exact: true }).waitFor();

    await expect.poll(async () => (await mailsTo(email)).length, { timeout: 15_000 }).toBe(1);
    expect((await DeadLetters.list()).items.find((l) => l.id === letter.id)).toMatchObject({ state: "redriven", redrivenBy: stack.admin.email });
    await admin.context.close();
  });
});
