/**
 * The report-a-scam wizard in a real browser on the whole local stack: a visitor files a report
 * through every step with a real PDF and PNG (uploaded to s3rver with the presigned POST), sees the
 * thank-you page with the reference, both e-mails reach the outbox and an administrator finds the
 * report with its files in the console; files the server or the
 * browser refuse; the draft across a reload; the keyboard; axe on every step.
 */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { listOutbox } from "@site/core/mail/outbox";
import { describe, expect, inject, it } from "vitest";
import { EvidenceMessages } from "@site/core/evidence/limits";
import { PUBLISH_CONSENT_LABEL, QUESTIONS, STEP_TITLES } from "@site/core/report/catalogue";
import { todayInNewYork } from "@site/core/report/date";
import type { ReportDraft } from "@site/core/report/draft";
import { completeDraft } from "../support/report-draft";
import { isReferenceNumber } from "@site/core/report/reference";
import { shownReference } from "../support/report-reference";
import { axeFindings, describeFindings } from "../support/axe";
import { fastRetries, fileBrowser, signedInAdmin, visit } from "../support/browser";
import { WIZARD } from "../../web/src/content/report-scam";

const stack = inject("stack");
const browser = fileBrowser();

/** A small but valid PDF, and a 1×1 PNG: what the server's sniffing must accept. */
const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\n" + "trailer <</Root 1 0 R>>\n%%EOF\n",
);
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

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

/** Each page's console errors and uncaught exceptions, for a failure's message. */
const consoleErrors = new WeakMap<Page, string[]>();

async function open(path = "/report-scam", saved?: { draft: ReportDraft; step: number }): Promise<Page> {
  const context = await browser.newContext({ baseURL: stack.url, viewport: { width: 1280, height: 900 } });
  if (saved) {
    await context.addInitScript(
      (s) => {
        sessionStorage.setItem("report-scam:draft", s.draft);
        sessionStorage.setItem("report-scam:step", String(s.step));
      },
      { draft: JSON.stringify(saved.draft), step: saved.step },
    );
  }
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(String(e)));
  consoleErrors.set(page, errors);
  await visit(page, path);
  return page;
}

const stepHeading = (page: Page) => page.locator("main form h2");
const next = (page: Page) => page.getByRole("button", { name: "Next", exact: true });

async function expectStep(page: Page, step: number) {
  // (a restored draft moves the wizard on just after the app has taken over the page; the next
  // steps' code may still be loading on a busy machine)
  try {
    await stepHeading(page)
      .filter({ hasText: new RegExp(`^${STEP_TITLES[step]}$`) })
      .waitFor({ timeout: 15_000 });
  } catch (cause) {
    // what the wizard shows instead: its step and any message, so a failure says why
    const shown = await page
      .locator("main form")
      .innerText({ timeout: 1000 })
      .catch(() => "(no form)");
    const errors = consoleErrors.get(page)?.join("\n") || "(none)";
    throw new Error(`expected step "${STEP_TITLES[step]}"; the form shows:\n${shown.slice(0, 800)}\nconsole errors:\n${errors}`, { cause });
  }
}

async function chooseFile(page: Page, label: string, file: { name: string; mimeType: string; buffer: Buffer } | string) {
  const [chooser] = await Promise.all([page.waitForEvent("filechooser"), page.getByRole("button", { name: label }).click()]);
  await chooser.setFiles(file);
}

const uploaded = (page: Page, fileName: string) => page.getByRole("button", { name: `Remove ${fileName}` }).waitFor({ timeout: 15_000 });

/** Picks today in New York (the picker's time zone; the browser's own today may be later). */
async function pickToday(page: Page, { checkCalendar = false } = {}) {
  await page.getByRole("button", { name: /Date It Occurred/ }).click();
  const [year, month, day] = todayInNewYork().split("-").map(Number) as [number, number, number];
  const monthName = new Date(Date.UTC(year, month - 1, 1)).toLocaleString("en-US", { month: "long", timeZone: "UTC" });
  const today = page.getByRole("button", { name: `${day} ${monthName} ${year}`, exact: true });
  await today.waitFor();
  if (checkCalendar) {
    await page.waitForTimeout(400); // the dropdown's opening transition
    await expectNoAxeFindings(page);
  }
  await today.click();
  await page.getByRole("button", { name: "Previous month" }).waitFor({ state: "detached" });
}

async function expectNoAxeFindings(page: Page) {
  const findings = await axeFindings(page);
  expect(findings, describeFindings(findings)).toEqual([]);
}

describe("the page as served", () => {
  it("arrives prerendered with step 1's fields disabled, and the app takes it over without a mismatch", async () => {
    const html = await (await fetch(`${stack.url}/report-scam`)).text();
    const fullName = /<input[^>]*id="report-fullName"[^>]*>/.exec(html)?.[0] ?? "";
    expect(fullName).toContain("disabled");
    expect(html).toContain("Your Information");

    const context = await browser.newContext({ baseURL: stack.url });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") problems.push(m.text());
    });
    page.on("pageerror", (e) => problems.push(e.message));
    await page.addInitScript(() => {
      document.addEventListener("DOMContentLoaded", () => {
        (window as unknown as { served: Element | null }).served = document.querySelector("main form h2");
      });
    });
    await visit(page, "/report-scam");
    // the app enables the fields in the render after it marks itself ready: wait for that render, not a fixed moment
    await expect.poll(() => page.getByLabel("Full Name").isEnabled(), { timeout: 10_000 }).toBe(true);
    const kept = await page.evaluate(() => (window as unknown as { served: Element | null }).served === document.querySelector("main form h2"));
    expect(kept).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("a visitor reports a scam", () => {
  const email = `reporter-${Date.now()}@example.com`;
  let reference = "";

  it("goes through every step with a PDF and a PNG, with no axe findings, to the thank-you page and its reference", async () => {
    const page = await open();
    await expectStep(page, 0);
    await expect(next(page).isDisabled()).resolves.toBe(true);
    await expectNoAxeFindings(page);

    await page.getByLabel("Full Name").fill("Maria Gonzalez");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("City").fill("Orlando");
    await page.getByLabel("State").fill("FL");
    await page.getByLabel("Age Range").first().click();
    await page.getByRole("option", { name: "61+" }).click();
    await page.getByRole("radiogroup", { name: QUESTIONS.speakWithTeam }).getByLabel("Yes").check();
    await next(page).click();

    await expectStep(page, 1);
    await expect(page.evaluate(() => document.activeElement?.tagName)).resolves.toBe("H2");
    await expectNoAxeFindings(page);
    await page.getByLabel("Upfront Fees").check();
    await page.getByLabel("Amount Paid Upfront").fill("$2,500");
    await expect(page.getByLabel("Amount Paid Upfront").inputValue()).resolves.toBe("2500");
    await page.getByText("$2,500.00").waitFor();
    await page.getByLabel("Promised Services").fill("They said a buyer was waiting for our week.");
    await page.getByRole("checkbox", { name: "Phone" }).check();
    await page.getByLabel("Phone Number").fill("(407) 555-0148");
    await page.getByRole("checkbox", { name: "Email" }).check();
    await page.getByLabel("Email Address").fill("closing@resale-offers.example");
    await chooseFile(page, "Email Evidence (optional)", { name: "offer-letter.pdf", mimeType: "application/pdf", buffer: PDF });
    await uploaded(page, "offer-letter.pdf");
    await page.getByRole("radiogroup", { name: QUESTIONS.moneyLost }).getByLabel("Yes").check();
    await page.getByLabel("Amount Lost (USD)").fill("2500");
    await pickToday(page, { checkCalendar: true });
    await expectNoAxeFindings(page);
    await next(page).click();

    await expectStep(page, 2);
    await page.getByLabel("Company Name").fill("Sunset Resale Partners");
    await page.getByLabel("Scammer Website").fill("sunset-resale.example");
    await chooseFile(page, "Evidence File", { name: "wire-receipt.png", mimeType: "image/png", buffer: PNG });
    await uploaded(page, "wire-receipt.png");
    await expectNoAxeFindings(page);
    await next(page).click();

    await expectStep(page, 3);
    await page.getByRole("radiogroup", { name: QUESTIONS.reportedElsewhere }).getByLabel("Yes").check();
    await page.getByLabel("Agency or Organization").fill("Federal Trade Commission");
    await page.getByRole("radiogroup", { name: QUESTIONS.wantUpdates }).getByLabel("Yes").check();
    // the consent to an anonymised public summary: unticked until the reporter ticks it
    const consent = page.getByRole("checkbox", { name: PUBLISH_CONSENT_LABEL });
    await expect(consent.isChecked()).resolves.toBe(false);
    await consent.check();
    await expectNoAxeFindings(page);
    await page.getByRole("button", { name: "Submit Report" }).click();

    await page.waitForURL("**/report-scam/thank-you");
    await page.getByRole("heading", { level: 1, name: "Thank you. Your story matters." }).waitFor();
    await page.getByText("Your report was submitted successfully.").waitFor();
    reference = await shownReference(page);
    expect(isReferenceNumber(reference), reference).toBe(true);

    // a reload keeps the number (the tab's storage), and the draft is gone
    await page.reload();
    await page.waitForSelector("html[data-app=ready]");
    await expect(shownReference(page)).resolves.toBe(reference);
    await expect(page.evaluate(() => sessionStorage.getItem("report-scam:draft"))).resolves.toBeNull();
    await page.context().close();
  });

  it("puts the administrators' notification and the reporter's confirmation in the outbox", async () => {
    const mails = await waitFor(async () => {
      const all = await outbox();
      const admin = all.find((m) => !m.to.includes(email) && m.text.includes(reference));
      const confirmation = all.find((m) => m.to.includes(email));
      return admin && confirmation ? { admin, confirmation } : undefined;
    });
    expect(mails.admin.text).toContain("Maria Gonzalez");
    expect(mails.admin.text).toContain(email);
    expect(mails.confirmation.text).toContain("Maria Gonzalez");
  });

  it("reaches the administrators' console with both files, which download as uploaded", async () => {
    const { context, page } = await signedInAdmin(browser, stack, { viewport: { width: 1400, height: 900 } });
    await page.goto("/admin/scam-reports");
    await page.getByLabel("Search Reports").fill(reference);
    const row = page.getByRole("row").filter({ hasText: reference });
    await row.getByText("Sunset Resale Partners").waitFor();
    await row.getByRole("button", { name: `View details of report ${reference}` }).click();
    // the consent ticked on the last step was stored with the report
    await expect(page.getByRole("dialog").getByRole("region", { name: "Follow-up" }).innerText()).resolves.toMatch(/May publish an anonymised summary\s+Yes/i);
    const evidence = page.getByRole("dialog").getByRole("region", { name: "Evidence" });
    for (const [name, bytes] of [
      ["offer-letter.pdf", PDF],
      ["wire-receipt.png", PNG],
    ] as const) {
      const [download] = await Promise.all([page.waitForEvent("download"), evidence.getByRole("link", { name: `Download ${name}` }).click()]);
      expect(download.suggestedFilename()).toBe(name);
      expect((await readFile((await download.path())!)).equals(bytes), name).toBe(true);
    }
    await context.close();
  });
});

describe("evidence the wizard or the server refuses", () => {
  it("a file renamed .pdf that is not a PDF is refused with the server's message, and must be chosen again", async () => {
    const draft = completeDraft(`renamed-${Date.now()}@example.com`);
    const page = await open("/report-scam", { draft, step: 2 });
    await expectStep(page, 2);
    await chooseFile(page, "Evidence File", { name: "bank-statement.pdf", mimeType: "application/pdf", buffer: Buffer.from("GIF89a, not a PDF at all") });
    await uploaded(page, "bank-statement.pdf");
    await next(page).click();
    await page.getByRole("button", { name: "Submit Report" }).click();
    const alert = page.getByRole("alert").filter({ hasText: "Your report was not sent" });
    await alert.waitFor();
    await expect(alert.innerText()).resolves.toContain(EvidenceMessages.mismatch("bank-statement.pdf", "pdf"));
    expect(page.url()).toMatch(/\/report-scam$/);
    await page.getByRole("button", { name: "Back" }).click();
    await expect(page.getByRole("button", { name: "Remove bank-statement.pdf" }).count()).resolves.toBe(0);
    await page.context().close();
  });

  it("says the spec's messages when the server fails ('Failed to submit report: …') and when it cannot be reached", async () => {
    const page = await open("/report-scam", { draft: completeDraft(`down-${Date.now()}@example.com`), step: 2 });
    await expectStep(page, 2);
    await chooseFile(page, "Evidence File", { name: "receipt.png", mimeType: "image/png", buffer: PNG });
    await uploaded(page, "receipt.png");
    await next(page).click();
    const alert = page.getByRole("alert").filter({ hasText: WIZARD.errorTitle });
    await page.route("**/api/reports", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ error: "The database is unavailable" }) }),
    );
    const retries = await fastRetries(page);
    await page.getByRole("button", { name: "Submit Report" }).click();
    await retries.until(alert.filter({ hasText: "Failed to submit report: The database is unavailable" }));
    await page.unroute("**/api/reports");
    await page.route("**/api/reports", (route) => route.abort("connectionrefused"));
    await page.getByRole("button", { name: "Submit Report" }).click();
    await retries.until(alert.filter({ hasText: WIZARD.submitFallback }));
    expect(page.url()).toMatch(/\/report-scam$/);
    await page.context().close();
  });

  it("an 11 MB file is refused in the browser before anything is uploaded", async () => {
    const page = await open("/report-scam", { draft: completeDraft("big@example.com"), step: 2 });
    const uploads: string[] = [];
    page.on("request", (r) => {
      // the analytics beacon (report_started, page views) is not an upload
      if (r.method() === "POST" && !r.url().includes("/api/config") && !r.url().endsWith("/api/events")) uploads.push(r.url());
    });
    // a file on disk: the browser runs on this machine and reads it itself (as bytes, 11 MB would cross the protocol as base64)
    const dir = await mkdtemp(join(tmpdir(), "evidence-"));
    await writeFile(join(dir, "scan.pdf"), Buffer.alloc(11 * 1024 * 1024, 0x20));
    await chooseFile(page, "Evidence File", join(dir, "scan.pdf")).finally(() => rm(dir, { recursive: true }));
    await page.getByText(EvidenceMessages.tooLarge).waitFor();
    expect(uploads).toEqual([]);
    await expect(next(page).isDisabled()).resolves.toBe(true);
    await page.context().close();
  });
});

describe("the draft and the keyboard", () => {
  it("what was typed and the uploaded file survive a reload of the page", async () => {
    const page = await open();
    await page.getByLabel("Full Name").fill("Ann Lee");
    await page.getByLabel("Email").fill("ann@example.com");
    await page.getByLabel("City").fill("Denver");
    await page.getByLabel("State").fill("CO");
    await next(page).click();
    await page.getByLabel("Other").check();
    await page.getByLabel("Description").fill("A letter about my late father's timeshare");
    await page.getByLabel("In Person").check();
    await page.getByLabel("Location").fill("Community center");
    await page.getByLabel("Type of Event").fill("Free dinner seminar");
    await pickToday(page);
    await next(page).click();
    await chooseFile(page, "Evidence File", { name: "letter.pdf", mimeType: "application/pdf", buffer: PDF });
    await uploaded(page, "letter.pdf");

    await page.reload();
    await page.waitForSelector("html[data-app=ready]");
    await expectStep(page, 2);
    await uploaded(page, "letter.pdf");
    await expect.poll(() => next(page).isDisabled()).toBe(false);
    await page.getByRole("button", { name: "Back" }).click();
    await expect(page.getByLabel("Description").inputValue()).resolves.toBe("A letter about my late father's timeshare");
    await page.getByRole("button", { name: "Back" }).click();
    await expect(page.getByLabel("Full Name").inputValue()).resolves.toBe("Ann Lee");
    await page.context().close();
  });

  it("a scam alert's 'Report this company' link (?company=) fills step 3's company, never over one already written", async () => {
    const linked = await open(`/report-scam?company=${encodeURIComponent("Exit Pros LLC")}`, { draft: completeDraft("linked@example.com"), step: 2 });
    await expectStep(linked, 2);
    await expect(linked.getByLabel("Company Name").inputValue()).resolves.toBe("Exit Pros LLC");
    await linked.context().close();

    // no saved draft: the fresh one carries it to step 3
    const fresh = await open(`/report-scam?company=${encodeURIComponent("Exit Pros LLC")}`);
    await expectStep(fresh, 0);
    const saved = await waitFor(async () => (await fresh.evaluate(() => sessionStorage.getItem("report-scam:draft"))) ?? undefined);
    expect((JSON.parse(saved) as ReportDraft).scammer.company).toBe("Exit Pros LLC");
    await fresh.context().close();

    const draft = completeDraft("written@example.com");
    const written = await open(`/report-scam?company=Other`, { draft: { ...draft, scammer: { ...draft.scammer, company: "Sunset Resale" } }, step: 2 });
    await expectStep(written, 2);
    await expect(written.getByLabel("Company Name").inputValue()).resolves.toBe("Sunset Resale");
    await written.context().close();
  });

  it("a visitor using only the keyboard moves through the steps: Enter goes on, focus lands on each step's heading", async () => {
    const page = await open();
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLInputElement | null;
        return { tag: el?.tagName, text: el?.textContent?.trim(), label: el?.labels?.[0]?.textContent?.replace(/\s*\*\s*$/, "").trim() };
      });
    const tabTo = async (name: string) => {
      for (let i = 0; i < 80; i++) {
        await page.keyboard.press("Tab");
        const el = await focused();
        if (el.label === name || el.text === name) return;
      }
      throw new Error(`Tab never reached "${name}"`);
    };

    // the code the first focus asks for (the step's rules, the next steps) is held back until Enter
    // was pressed: a fast typist, or a slow network, gets there first while Next is still disabled
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/.+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await tabTo("Full Name");
    await page.keyboard.type("Keyla Board");
    await page.keyboard.press("Tab");
    await page.keyboard.type("keyla@example.com");
    await page.keyboard.press("Tab");
    await page.keyboard.type("Austin");
    await page.keyboard.press("Tab");
    await page.keyboard.type("TX");
    await expect(next(page).isDisabled()).resolves.toBe(true);
    await page.keyboard.press("Enter");
    release();
    await expectStep(page, 1);
    await expect(focused()).resolves.toMatchObject({ tag: "H2", text: STEP_TITLES[1] });

    await tabTo("Other");
    await page.keyboard.press("Space");
    await tabTo("Description");
    await page.keyboard.type("Called about an exit program");
    await tabTo("In Person");
    await page.keyboard.press("Space");
    await tabTo("Location");
    await page.keyboard.type("Mall kiosk");
    await page.keyboard.press("Tab");
    await page.keyboard.type("Street pitch");
    // the date picker: Enter opens its calendar, Tab reaches the month's focusable day, Enter picks it
    await tabTo("Date It Occurred");
    await page.keyboard.press("Enter");
    // (its days are there to Tab to once the calendar has opened: on a busy machine that is not at once)
    await page.locator("[class*=DatePickerInput-day]:not([data-hidden])").first().waitFor();
    for (let i = 0; i < 10 && !(await page.evaluate(() => document.activeElement?.matches("[class*=DatePickerInput-day]") ?? false)); i++) {
      await page.keyboard.press("Tab");
    }
    await page.keyboard.press("Enter");
    await expect.poll(() => next(page).isEnabled()).toBe(true);
    await tabTo("Next");
    await page.keyboard.press("Enter");
    await expectStep(page, 2);
    await expect(focused()).resolves.toMatchObject({ tag: "H2", text: STEP_TITLES[2] });

    await tabTo("Scammer Name");
    await page.keyboard.type("Mr. Exit");
    await page.keyboard.press("Enter");
    await expectStep(page, 3);
    await tabTo("Back");
    await page.keyboard.press("Enter");
    await expectStep(page, 2);
    await expect(focused()).resolves.toMatchObject({ tag: "H2", text: STEP_TITLES[2] });
    await page.context().close();
  });
});
