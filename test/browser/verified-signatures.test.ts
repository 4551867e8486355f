import { beforeAll, describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { resetSettings } from "@site/core/config";
import { resetDb } from "@site/core/db/client";
import { Petition } from "@site/core/petition";
import { TABLE_NAME } from "../../scripts/local/stack";
import { fileBrowser } from "../support/browser";
import { stackOutbox, type SentMail } from "../support/stack-outbox";
import { CONFIRM_PROMPT, WITHIN_A_MINUTE } from "../../web/src/content/confirmation-wait";

/**
 * Issue 24's first acceptance test: on a petition that verifies signatures, signing shows "Check your
 * inbox", the e-mailed link's page confirms the signature once its button is pressed (opening it
 * counts nothing) and the verified count rises by one; signing again
 * with a Gmail spelling of a confirmed address answers as a first signature, counts nothing, and the
 * mailbox gets "You have already signed".
 */
const stack = inject("stack");
const browser = fileBrowser();
const outbox = stackOutbox(stack.outboxDir);
const run = crypto.randomUUID().slice(0, 6);
let petitionId: string;

interface Counts {
  signatureCount: number;
  pendingCount: number;
}
const counts = async (): Promise<Counts> => {
  const p = (await (await fetch(`${stack.url}/api/petitions/${petitionId}`)).json()) as Counts;
  return { signatureCount: p.signatureCount, pendingCount: p.pendingCount };
};

beforeAll(async () => {
  Object.assign(process.env, { TABLE_NAME, AWS_REGION: "us-east-1", DYNAMODB_ENDPOINT: stack.dynamodb });
  resetSettings();
  resetDb();
  // created as the console creates one: verifying signatures is the default
  const petition = await Petition.create({ id: `verified-${run}`, title: `Verified petition ${run}`, story: "Only confirmed signatures count.", goal: 100 });
  expect(petition.verifySignatures).toBe(true);
  petitionId = petition.id;
});

async function signAs(email: string, first: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: stack.url });
  const page = await context.newPage();
  await page.goto(`/sign/${petitionId}`);
  await page.getByText(`Verified petition ${run}`).first().waitFor();
  await page.getByLabel("First Name").fill(first);
  await page.getByLabel("Last Name").fill("Surname");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Sign Petition" }).click();
  await page.getByRole("heading", { name: "Check your inbox" }).waitFor();
  await page.getByText("counts once you open that link and confirm it").waitFor();
  // told when to expect it: nothing waits ahead of it on this stack
  await page.getByText(WITHIN_A_MINUTE).waitFor();
  return page;
}

/** The path of the confirmation link in the e-mail (SITE_URL may name another host). */
function confirmationPath(mail: SentMail): string {
  const match = /https?:\/\/[^\s"<>]+\/petitions\/[a-z0-9-]+\/confirm\?s=[0-9a-z]+&t=[A-Za-z0-9_-]+/.exec(mail.text);
  expect(match, mail.text).not.toBeNull();
  const url = new URL(match![0]);
  return `${url.pathname}${url.search}`;
}

describe("verified signatures", () => {
  const confirmed = `namesurname${run}@gmail.com`;

  it("sign → check your inbox → the e-mailed link opens a page that counts nothing until its button is pressed → the verified count rises by one", async () => {
    const before = await counts();
    const page = await signAs(confirmed, "Name");
    await expect.poll(counts, { timeout: 15_000 }).toEqual({ signatureCount: before.signatureCount, pendingCount: before.pendingCount + 1 });
    // the petition's page shows the pending count beside the verified one
    await page.goto(`/sign/${petitionId}`);
    await page.getByText(`${before.signatureCount} verified signatures · ${before.pendingCount + 1} awaiting confirmation`).waitFor();

    const mail = await outbox.mailTo(confirmed, "Please confirm your signature");
    // opening the link confirms nothing (a mail scanner opens it too): the signer presses the button
    await page.goto(confirmationPath(mail));
    await page.getByText(CONFIRM_PROMPT).waitFor();
    await page.waitForLoadState("networkidle");
    expect(await counts()).toEqual({ signatureCount: before.signatureCount, pendingCount: before.pendingCount + 1 });
    await page.getByRole("button", { name: "Confirm my signature" }).click();
    await page.getByRole("heading", { name: "Your signature is confirmed" }).waitFor();
    await page.getByText(`${before.signatureCount + 1} verified signatures`).waitFor();
    expect(await counts()).toEqual({ signatureCount: before.signatureCount + 1, pendingCount: before.pendingCount });
    await page.context().close();
  });

  it("a second signing with Name.Surname+x@Gmail.com answers as a first signature, counts nothing and sends 'already signed'", async () => {
    const before = await counts();
    const page = await signAs(`Name.Surname${run}+x@Gmail.com`, "Other");
    const mail = await outbox.mailTo(confirmed, "You have already signed this petition");
    expect(mail.text).toContain(`/sign/${petitionId}`);
    expect(await counts()).toEqual(before);
    expect(await outbox.mailsTo(`Name.Surname${run}+x@Gmail.com`)).toHaveLength(0);
    await page.context().close();
  });
});
