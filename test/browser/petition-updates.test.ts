import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { resetSettings } from "@site/core/config";
import { db, resetDb, table } from "@site/core/db/client";
import { Keys } from "@site/core/db/keys";
import { Newsletter } from "@site/core/newsletter";
import { Petition } from "@site/core/petition";
import { TABLE_NAME } from "../../scripts/local/stack";
import { fileBrowser, signedInAdmin } from "../support/browser";
import { stackOutbox } from "../support/stack-outbox";

/**
 * Updates to signers who ask (issue 24, item 3), as a visitor and an administrator use them: the
 * sign form's "Tell me how this petition does" (unticked until the signer ticks it) is stored with
 * the signature; the administrator writes the outcome on the petition's screen, sends it once, and
 * the signer who asked gets it.
 */
const stack = inject("stack");
const browser = fileBrowser();
const outbox = stackOutbox(stack.outboxDir);
const run = crypto.randomUUID().slice(0, 6);
const title = `Updates petition ${run}`;
let petitionId: string;
let admin: BrowserContext;
let page: Page;

beforeAll(async () => {
  Object.assign(process.env, { TABLE_NAME, AWS_REGION: "us-east-1", DYNAMODB_ENDPOINT: stack.dynamodb, AUDIT_HASH_KEY: stack.auditHashKey });
  resetSettings();
  resetDb();
  petitionId = (
    await Petition.create({ id: `updates-${run}`, title, story: "Tell the signers how it went.", goal: 100, verifySignatures: false, milestones: [] })
  ).id;
});

afterAll(async () => {
  await admin?.close();
});

async function sign(email: string, first: string, asks: boolean): Promise<string> {
  const context = await browser.newContext({ baseURL: stack.url });
  const visitor = await context.newPage();
  const created = visitor.waitForResponse((r) => r.url().endsWith(`/api/petitions/${petitionId}/signatures`) && r.request().method() === "POST");
  await visitor.goto(`/sign/${petitionId}`);
  await visitor.getByText(title).first().waitFor();
  const box = visitor.getByLabel("Tell me how this petition does");
  expect(await box.isChecked()).toBe(false);
  await visitor.getByLabel("First Name").fill(first);
  await visitor.getByLabel("Last Name").fill("Signer");
  await visitor.getByLabel("Email").fill(email);
  if (asks) await box.check();
  await visitor.getByRole("button", { name: "Sign Petition" }).click();
  const { signatureId } = (await (await created).json()) as { signatureId: string };
  await context.close();
  return signatureId;
}

const stored = async (signatureId: string) =>
  (await db().send(new GetCommand({ TableName: table(), Key: Keys.signature(petitionId, signatureId), ConsistentRead: true }))).Item;

describe("updates to signers who ask", () => {
  const asking = `asks-${run}@example.com`;
  const silent = `silent-${run}@example.com`;

  it("the sign form's checkbox is unticked by default and the signer's choice is stored", async () => {
    const asked = await sign(asking, "Asking", true);
    const notAsked = await sign(silent, "Silent", false);
    expect(await stored(asked)).toMatchObject({ wantsUpdates: true });
    expect(await stored(notAsked)).not.toHaveProperty("wantsUpdates");
    // the petition does not verify, so updates go only to a mailbox that said yes: the signer who
    // asked is also a confirmed newsletter subscriber (review L9)
    const subscription = { email: asking, name: "Asking Signer", source: `petition:${petitionId}`, consentAt: new Date().toISOString() };
    expect(await Newsletter.subscribeConfirmed(subscription)).toBe("confirmed");
  });

  it("the administrator sends the outcome once from the petition's screen; the signer who asked gets it", async () => {
    ({ context: admin, page } = await signedInAdmin(browser, stack));
    await page.goto(`/admin/petitions/${petitionId}/signatures`);
    await page.getByRole("button", { name: "Updates to signers" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("No update has been sent yet.").waitFor();

    // the form checks with the server's schema before anything is sent
    await dialog.getByRole("button", { name: "Send outcome…" }).click();
    await dialog.getByText("Please enter a subject").waitFor();

    await dialog.getByLabel("Subject").fill(`We won ${run}`);
    await dialog.getByLabel("Message (Markdown)").fill("The law **passed**. Thank you.");
    await dialog.getByRole("button", { name: "Send outcome…" }).click();
    await dialog.getByRole("button", { name: "Yes, send it" }).click();
    await dialog.getByText(`Outcome: We won ${run}`).waitFor();
    // sent once: the form is gone
    await expect.poll(() => dialog.getByRole("button", { name: "Send outcome…" }).count()).toBe(0);

    // bulk mail: it waits for the signing's own e-mails to leave the paced queue first
    await expect.poll(async () => (await outbox.mailsTo(asking, `We won ${run}`)).length, { timeout: 120_000 }).toBe(1);
    const [mail] = await outbox.mailsTo(asking, `We won ${run}`);
    expect(mail.text).toContain("Stop these updates:");
    expect((await outbox.mailsTo(silent, `We won ${run}`)).length).toBe(0);
  });

  it("the e-mail's link opens a page whose button stops this petition's updates", async () => {
    const [mail] = await outbox.mailsTo(asking, `We won ${run}`);
    const link = new URL(/Stop these updates: (\S+)/.exec(mail.text)![1]);
    expect(link.pathname).toBe(`/petitions/${petitionId}/updates/unsubscribe`);
    const context = await browser.newContext({ baseURL: stack.url });
    const visitor = await context.newPage();
    await visitor.goto(`${link.pathname}${link.search}`);
    await visitor.getByText(title).first().waitFor();
    // opening the link changes nothing: the button does
    expect(await stored(link.searchParams.get("s")!)).toMatchObject({ wantsUpdates: true });
    await visitor.getByRole("button", { name: "Stop updates about this petition" }).click();
    await visitor.getByText("You will get no more updates about this petition.").waitFor();
    expect(await stored(link.searchParams.get("s")!)).toMatchObject({ wantsUpdates: false });
    await context.close();
  });
});
