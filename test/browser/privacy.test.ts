/**
 * Erasure end to end (acceptance): a visitor signs the petition → asks for their data's
 * deletion on /data-deletion-request → the e-mailed link opens /my-data, which lists the signature
 * and downloads it → they confirm the erasure → the page and a completion e-mail say what was
 * erased, the link no longer works, and the administrators see the request completed under a keyed hash.
 */
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, describe, expect, inject, it } from "vitest";
import { fileBrowser, signedInAdmin } from "../support/browser";
import { linkIn, stackOutbox } from "../support/stack-outbox";

const stack = inject("stack");
const browser = fileBrowser();
const stamp = Date.now();
const { mailTo } = stackOutbox(stack.outboxDir);
const person = { first: "Pia", last: "Private", email: `privacy-person-${stamp}@example.com` };

describe("a person's data, from the request to its erasure", () => {
  let visitor: BrowserContext;
  let admin: BrowserContext | undefined;
  let page: Page;
  let link = "";
  afterAll(async () => {
    await visitor?.close();
    await admin?.close();
  });

  it("the deletion page answers and e-mails a link", async () => {
    visitor = await browser.newContext({ baseURL: stack.url });
    page = await visitor.newPage();
    await page.goto(`/sign/${stack.defaultPetitionId}`);
    await page.getByLabel("First Name").fill(person.first);
    await page.getByLabel("Last Name").fill(person.last);
    await page.getByLabel("Email").fill(person.email);
    await page.getByRole("button", { name: "Sign Petition" }).click();
    await page.getByText("Thank you for signing the petition!").waitFor();

    await page.goto("/data-deletion-request");
    await page.getByLabel("Email").fill(person.email);
    await page.getByRole("button", { name: "Submit Deletion Request" }).click();
    await page.getByText("Check your inbox").waitFor();
    await page.getByText("If we hold any data for this address, we have sent it a link.", { exact: false }).waitFor();
    link = linkIn(await mailTo(person.email, "Your data deletion request"), "/my-data");
  });

  it("the link lists the signature, downloads it, and erases it on confirmation", async () => {
    await page.goto(link);
    await page.getByText(person.email).first().waitFor();
    await page.getByText("1 petition signature", { exact: true }).first().waitFor();

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download my data" }).click()]);
    expect(download.suggestedFilename()).toBe("my-data.json");
    const file = JSON.parse(await readFile((await download.path())!, "utf8")) as {
      email: string;
      records: { kind: string; email?: string; firstName?: string }[];
    };
    expect(file.email).toBe(person.email);
    expect(file.records).toEqual([expect.objectContaining({ kind: "signature", email: person.email, firstName: person.first })]);

    await page.getByRole("button", { name: "Erase my data" }).click();
    const dialog = page.getByRole("dialog", { name: "Erase all your data?" });
    await dialog.getByRole("button", { name: "Yes, erase my data" }).click();
    await page.getByRole("heading", { name: "Your data has been erased" }).waitFor();
    await page.getByText("1 petition signature", { exact: true }).first().waitFor();

    const notice = await mailTo(person.email, "Your data has been erased");
    expect(notice.text).toContain("1 petition signature");

    await page.goto(link);
    await page.getByRole("heading", { name: "This link does not work" }).waitFor();
  });

  it("the administrators find the request completed by the typed address, under a keyed hash of it", async () => {
    const plain = createHash("sha256").update(person.email.trim().toLowerCase()).digest("base64url");
    let console_: Page;
    ({ context: admin, page: console_ } = await signedInAdmin(browser, stack));
    await console_.goto("/admin/privacy");
    await console_.getByRole("heading", { name: "Deletion Requests", exact: true }).waitFor();
    await console_.getByLabel("Search Requests").fill(person.email);
    await console_.locator('[data-status="completed"]').first().waitFor();
    const text = await console_.locator("table").textContent();
    expect(text).toContain("1 petition signature");
    expect(text).not.toContain(person.email);
    // the person is named by the keyed hash (HMAC), never the plain SHA-256 of the address
    const named = await console_.locator("[data-person]").first().getAttribute("data-person");
    expect(named).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(named).not.toBe(plain);
  });
});
