/**
 * The suppression list on the local stack: a visitor signs with SES's complaint simulator address;
 * the complaint about their share e-mail comes back through the mail-feedback subscriber; the outbox
 * page marks the outcome; the console shows the address on the suppression list, found by address,
 * and an administrator can remove it. (A complaint's effect on a newsletter subscriber is in
 * test/integration/mail-feedback.test.ts: ticking the box no longer subscribes a signer, the share
 * e-mail offers it.)
 */
import type { BrowserContext } from "playwright-core";
import { afterAll, expect, inject, it } from "vitest";
import { LEAD_FORMS, LEAD_FORM_INFO, LEAD_MESSAGES } from "@site/core/lead/forms";
import { fileBrowser, signedInAdmin, visit } from "../support/browser";
import { linkIn, stackOutbox } from "../support/stack-outbox";

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
  await page.getByRole("button", { name: "Sign Petition" }).click();
  await page.getByText("Thank you for signing the petition!").waitFor();
  await mailTo(address);

  // the outbox page marks what SES's simulator did with it
  await page.goto("/dev/mail");
  await expect.poll(async () => (await page.locator("tr", { hasText: address }).allTextContents()).join(" "), { timeout: 15_000 }).toContain("complained");

  let console_;
  ({ context: admin, page: console_ } = await signedInAdmin(browser, stack));
  // the suppression list: found by address, named by hash, with its reason
  await console_.goto("/admin/newsletter");
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

it("a person whose address is suppressed sees it on /my-data, and can ask to be e-mailed again when erasing", async () => {
  const person = `complaint+again-${Date.now()}@simulator.amazonses.com`;
  const context = await browser.newContext({ baseURL: stack.url });
  try {
    const page = await context.newPage();
    // a guide request (the signer's share e-mail of the test above counts against the same mailbox's daily cap: `+labels` fold)
    const guide = LEAD_FORM_INFO[LEAD_FORMS[0]];
    await visit(page, guide.path);
    await page.getByLabel("Full Name").fill("Dora Again");
    await page.getByLabel("Email").fill(person);
    await page.getByRole("button", { name: /^Send Me the / }).click();
    await page.getByRole("status").getByText(LEAD_MESSAGES.sent(guide, person)).waitFor();
    await mailTo(person);
    await page.goto("/dev/mail");
    await expect.poll(async () => (await page.locator("tr", { hasText: person }).allTextContents()).join(" "), { timeout: 15_000 }).toContain("complained");

    // the link still reaches the suppressed address: it is how its owner can ask
    await page.goto("/data-deletion-request");
    await page.getByLabel("Email").fill(person);
    await page.getByRole("button", { name: "Submit Deletion Request" }).click();
    await page.getByText("Check your inbox").waitFor();
    const myData = linkIn(await mailTo(person, "Your data deletion request"), "/my-data");
    // the complaint reaches the suppression list through the mail-feedback subscriber, a moment after
    // the outbox marks it; the page reads the list when it opens
    await expect
      .poll(
        async () => {
          await page.goto(myData);
          await page.getByRole("button", { name: "Erase my data" }).waitFor();
          return page.getByRole("heading", { name: "Our e-mails to this address are stopped" }).isVisible();
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    await page.getByText("because one of our e-mails to this address was marked as spam", { exact: false }).waitFor();

    await page.getByRole("button", { name: "Erase my data" }).click();
    const dialog = page.getByRole("dialog", { name: "Erase all your data?" });
    await dialog.getByLabel("E-mail me again at this address", { exact: false }).check();
    await dialog.getByRole("button", { name: "Yes, erase my data" }).click();
    await page.getByRole("heading", { name: "Your data has been erased" }).waitFor();
    // no longer suppressed: the completion e-mail goes out
    expect((await mailTo(person, "Your data has been erased")).text).toContain("1 free-guide request");
  } finally {
    await context.close();
  }
});
