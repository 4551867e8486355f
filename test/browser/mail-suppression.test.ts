/**
 * Issue 21's acceptance on the local stack: a visitor signs with SES's complaint simulator address
 * and the newsletter box ticked; the complaint comes back through the mail-feedback subscriber; the
 * outbox page marks the outcome; the console shows the subscriber as complained and the address on
 * the suppression list, found by address, and an administrator can remove it.
 */
import type { BrowserContext } from "playwright-core";
import { afterAll, expect, inject, it } from "vitest";
import { fileBrowser, signedInAdmin } from "../support/browser";
import { stackOutbox } from "../support/stack-outbox";

const stack = inject("stack");
const browser = fileBrowser();
const { mailTo } = stackOutbox(stack.outboxDir);
const address = `complaint+browser-${Date.now()}@simulator.amazonses.com`;
let visitor: BrowserContext | undefined;
let admin: BrowserContext | undefined;

afterAll(async () => {
  await visitor?.close();
  await admin?.close();
});

it("a complaint suppresses the address, and the console shows it and lifts it", async () => {
  visitor = await browser.newContext({ baseURL: stack.url });
  const page = await visitor.newPage();
  await page.goto(`/sign/${stack.defaultPetitionId}`);
  await page.getByLabel("First Name").fill("Cora");
  await page.getByLabel("Last Name").fill("Complainer");
  await page.getByLabel("Email").fill(address);
  await page.getByLabel("Keep me updated about the campaign").check();
  await page.getByRole("button", { name: "Sign Petition" }).click();
  await page.getByText("Thank you for signing the petition!").waitFor();
  await mailTo(address);

  // the outbox page marks what SES's simulator did with it
  await page.goto("/dev/mail");
  await expect.poll(async () => (await page.locator("tr", { hasText: address }).allTextContents()).join(" "), { timeout: 15_000 }).toContain("complained");

  let console_;
  ({ context: admin, page: console_ } = await signedInAdmin(browser, stack));
  // the subscriber, complained (which also unsubscribed them)
  await console_.goto("/admin/newsletter");
  await console_.getByLabel("Search Subscribers").fill(address);
  await console_.locator(`tr[data-subscriber="${address}"] [data-status="complained"]`).waitFor({ timeout: 15_000 });

  // the suppression list: found by address, named by hash, with its reason
  await console_.getByRole("link", { name: "Suppressed" }).click();
  await console_.getByRole("heading", { name: "Suppressed Addresses" }).waitFor();
  await console_.getByLabel("Find an address").fill(address);
  await console_.getByRole("button", { name: "Search" }).click();
  const row = console_.locator("tr[data-person]");
  await row.getByText("Marked as spam").waitFor();
  await expect(row.textContent()).resolves.not.toContain(address);

  await row.getByRole("button", { name: "Remove" }).click();
  await console_.getByRole("dialog", { name: "Remove this suppression?" }).getByRole("button", { name: "Remove" }).click();
  await console_.getByText("This address is not suppressed.").waitFor();
});
