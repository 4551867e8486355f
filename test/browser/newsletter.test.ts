/**
 * The newsletter end to end (acceptance): a visitor signs the petition with the box
 * ticked → their thank-you e-mail offers the newsletter → its link confirms → the welcome e-mail → the administrator sees
 * the subscriber confirmed and sends an issue → it arrives with a working unsubscribe link and the
 * RFC 8058 headers → the reader unsubscribes from the page → the next issue does not reach them.
 */
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, describe, expect, inject, it } from "vitest";
import { fileBrowser, signedInAdmin } from "../support/browser";
import { linkIn, stackOutbox } from "../support/stack-outbox";

const stack = inject("stack");
const browser = fileBrowser();
const stamp = Date.now();
const { mailTo, mailsTo } = stackOutbox(stack.outboxDir);
const reader = { first: "Nora", last: "Reader", email: `newsletter-reader-${stamp}@example.com` };

/** Signs the default petition in the browser with the newsletter box ticked, then opens the newsletter link of the thank-you e-mail. */
async function signAndConfirm(page: Page, person: { first: string; last: string; email: string }) {
  await page.goto(`/sign/${stack.defaultPetitionId}`);
  await page.getByLabel("First Name").fill(person.first);
  await page.getByLabel("Last Name").fill(person.last);
  await page.getByLabel("Email").fill(person.email);
  await page.getByLabel("Keep me updated about the campaign").check();
  await page.getByRole("button", { name: "Sign Petition" }).click();
  await page.getByText("Thank you for signing the petition!").waitFor();
  // one e-mail, not two: the thank-you carries the offer (signature/newsletter-link.ts)
  const confirmation = await mailTo(person.email, "Thank you for signing — help us spread the word");
  expect(await mailsTo(person.email, "Please confirm your newsletter subscription")).toEqual([]);
  await page.goto(linkIn(confirmation, "/newsletter/confirmed"));
  await page.getByRole("heading", { level: 1, name: "Your subscription is confirmed" }).waitFor();
  return confirmation;
}

/** Composes an issue in the console and sends it to every confirmed subscriber; resolves once the console says it is sent. */
async function sendIssue(page: Page, subject: string, body: string) {
  await page.goto("/admin/newsletter/issues/new");
  await page.getByLabel("Subject").fill(subject);
  await page.getByLabel("Text (Markdown)").fill(body);
  await page.getByRole("button", { name: "Save draft" }).click();
  await page.waitForURL(/\/admin\/newsletter\/issues\/[0-9a-z]{10,}$/);
  await page.getByRole("button", { name: /^Send to \d+ confirmed subscribers?$/ }).click();
  await page.getByRole("dialog", { name: "Send this issue?" }).getByRole("button", { name: "Send now" }).click();
  await page.getByText(/^Sent: \d+ delivered, 0 failed\.$/).waitFor({ timeout: 30_000 });
}

describe("the newsletter, from the petition's box to leaving", () => {
  let visitor: BrowserContext;
  let admin: BrowserContext;
  let console_: Page;
  let unsubscribeHeader = "";
  const witness = { first: "Omar", last: "Witness", email: `newsletter-witness-${stamp}@example.com` };
  afterAll(async () => {
    await visitor?.close();
    await admin?.close();
  });

  it("signing with the box ticked sends a thank-you e-mail whose newsletter link confirms and welcomes", async () => {
    visitor = await browser.newContext({ baseURL: stack.url });
    const page = await visitor.newPage();
    const confirmation = await signAndConfirm(page, reader);

    const welcome = await mailTo(reader.email, "Welcome to our newsletter");
    expect(welcome.text).toContain(`${reader.first} ${reader.last}`);
    expect(welcome.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(welcome.headers?.["List-Unsubscribe"]).toMatch(/^<https?:\/\/\S+\/api\/newsletter\/unsubscribe\?token=[A-Za-z0-9_-]{43}>$/);

    // opened again, it says so and sends no second welcome
    await page.goto(linkIn(confirmation, "/newsletter/confirmed"));
    await page.getByText("You had already confirmed: you are on our list, and nothing more is needed.").waitFor();
    expect(await mailsTo(reader.email, "Welcome to our newsletter")).toHaveLength(1);

    // a second subscriber, so that an issue has someone to go to once the reader has left
    await signAndConfirm(page, witness);
  });

  it("the administrator sees the subscriber confirmed", async () => {
    ({ context: admin, page: console_ } = await signedInAdmin(browser, stack));
    await console_.goto("/admin/newsletter");
    await console_.getByRole("heading", { name: "Newsletter", exact: true }).waitFor();
    await console_.getByLabel("Search Subscribers").fill(reader.email);
    const row = console_.locator(`tr[data-subscriber="${reader.email}"]`);
    await row.locator('[data-status="confirmed"]').waitFor();
    await expect(row.textContent()).resolves.toContain(`${reader.first} ${reader.last}`);
  });

  it("an issue arrives with a working unsubscribe link and both headers; the page unsubscribes and offers to come back", async () => {
    const subject = `Scam alert ${stamp}`;
    await sendIssue(console_, subject, "# Fake resale buyers\n\nNever pay **upfront** fees to sell a timeshare.");
    const issue = await mailTo(reader.email, subject);
    expect((await mailsTo(reader.email, subject)).length).toBe(1);
    expect(issue.html).toContain("<strong>upfront</strong>");
    expect(issue.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    unsubscribeHeader = issue.headers?.["List-Unsubscribe"] ?? "";
    expect(unsubscribeHeader).toMatch(/^<https?:\/\/\S+\/api\/newsletter\/unsubscribe\?token=[A-Za-z0-9_-]{43}>$/);
    await mailTo(witness.email, subject);

    const page = await visitor.newPage();
    await page.goto(linkIn(issue, "/newsletter/unsubscribe"));
    await page.getByRole("heading", { level: 1, name: "You are unsubscribed" }).waitFor();
    await page.getByRole("button", { name: "Re-subscribe" }).click();
    await page.getByRole("heading", { level: 1, name: "Welcome back" }).waitFor();
  });

  it("a mail provider's one-click POST to the header's URL unsubscribes, and the next issue does not reach the reader", async () => {
    const url = new URL(unsubscribeHeader.slice(1, -1));
    const res = await fetch(`${stack.url}${url.pathname}${url.search}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "unsubscribed" });

    await console_.goto("/admin/newsletter");
    await console_.getByLabel("Search Subscribers").fill(reader.email);
    await console_.locator(`tr[data-subscriber="${reader.email}"] [data-status="unsubscribed"]`).waitFor();

    const subject = `Second alert ${stamp}`;
    await sendIssue(console_, subject, "Recovery scams target people who were already scammed.");
    await mailTo(witness.email, subject);
    expect(await mailsTo(reader.email, subject)).toEqual([]);
  });
});
