import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { Audit } from "@site/core/audit";
import { resetSettings, settings } from "@site/core/config";
import { db, table } from "@site/core/db/client";
import { Keys } from "@site/core/db/keys";
import { listOutbox, type OutboxMessage } from "@site/core/mail/outbox";
import { confirmNewsletter, newsletterTokenIn } from "../support/newsletter-links";
import { MailDrain } from "@site/core/mail-drain";
import { Newsletter } from "@site/core/newsletter";
import { Petition } from "@site/core/petition";
import { exported, storedRecords } from "@site/core/privacy/records";
import { PetitionUpdates } from "@site/core/signature/updates";
import { updatesToken } from "@site/core/signature/updates-link";
import { Withdrawal } from "@site/core/signature/withdrawal";
import { withdrawToken } from "@site/core/signature/withdraw-link";
import { normaliseEmail } from "@site/core/util/email";
import { handler as sign } from "../../packages/functions/src/http/signature-create";
import { handler as confirmRoute } from "../../packages/functions/src/http/signature-confirm";
import { handler as stopRoute } from "../../packages/functions/src/http/signature-updates-stop";
import { handler as outcomeRoute } from "../../packages/functions/src/http/admin-petition-outcome-send";
import { handler as updatesList } from "../../packages/functions/src/http/admin-petition-updates-list";
import { handler as updatePetition } from "../../packages/functions/src/http/admin-petition-update";
import { installLocalBus } from "../../scripts/local/bus";
import { adminClaims, asAdmin } from "../support/admin";
import { call, httpEvent } from "../support/http";
import { signer } from "../support/fixtures";
import { describeChanges, diff, snapshot, useOwnTable } from "../support/table-snapshot";

/**
 * Updates to signers who ask (issue 24, item 3): milestone e-mails when the counted signatures reach
 * a milestone, the outcome an administrator writes, each once to every opted-in counted signer and
 * to no one else, each with a one-click unsubscribe from that petition's updates only.
 */
const bus = installLocalBus();
let admin: ReturnType<typeof asAdmin>;

beforeAll(async () => {
  await useOwnTable("petition-updates");
  admin = asAdmin((await adminClaims()).claims);
});

let ip = 0;
const nextIp = () => `10.77.${Math.floor(++ip / 250)}.${ip % 250}`;

async function newPetition(opts: { milestones: number[]; verifySignatures?: boolean; goal?: number }) {
  return Petition.create({
    title: "Fair cancellation rights",
    story: "A story worth telling.",
    goal: opts.goal ?? 100,
    verifySignatures: opts.verifySignatures ?? false,
    milestones: opts.milestones,
  });
}

/**
 * Signs; a signer who asks for updates is also made a confirmed newsletter subscriber unless told
 * otherwise (`subscribed: false`): on a petition that does not verify, the only opt-in updates count.
 */
async function signAs(petitionId: string, tag: string, extra: Record<string, unknown> = {}, opts: { subscribed?: boolean } = {}) {
  const person = signer(tag, extra);
  const res = await call(sign, httpEvent({ method: "POST", pathParameters: { id: petitionId }, body: person, sourceIp: nextIp() }));
  expect(res.statusCode, JSON.stringify(res.body)).toBe(201);
  if (opts.subscribed ?? extra.wantsUpdates === true) {
    const subscription = { email: person.email, name: "A Signer", source: `petition:${petitionId}`, consentAt: new Date().toISOString() };
    expect(await Newsletter.subscribeConfirmed(subscription)).toMatch(/confirmed/);
  }
  return { email: person.email, signatureId: (res.body as { signatureId: string }).signatureId };
}

const mailsTo = async (address: string) => (await listOutbox(settings().OUTBOX_DIR)).filter((m) => m.to.includes(address));

/** The confirmation link e-mailed to `address` (a petition that verifies signatures), then confirmed. */
async function confirmFromMail(petitionId: string, address: string) {
  await bus.idle();
  const confirmation = async () => (await mailsTo(address)).find((m) => m.subject === "Please confirm your signature");
  await expect
    .poll(
      async () => {
        await MailDrain.drain({ budgetMs: 2000 });
        return (await confirmation()) !== undefined;
      },
      { timeout: 30_000, message: `a confirmation e-mail to ${address}` },
    )
    .toBe(true);
  const match = /\/confirm\?s=([0-9a-z]+)&t=([A-Za-z0-9_-]{43})/.exec((await confirmation())!.text);
  const res = await call(
    confirmRoute,
    httpEvent({ method: "POST", pathParameters: { id: petitionId, signatureId: match![1] }, body: { token: match![2] }, sourceIp: nextIp() }),
  );
  expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
}

/** Runs the scheduled check, then lets the sends it started finish (the bus runs their batches). */
async function checkAndSend() {
  // signing's own e-mails first: bulk mail waits while the mail queue has a backlog (mail/budget.ts)
  await bus.idle();
  await MailDrain.drain({ budgetMs: 2000 });
  const result = await PetitionUpdates.checkMilestones();
  await bus.idle();
  return result;
}

const updatesTo = async (address: string, petitionId: string): Promise<OutboxMessage[]> =>
  (await mailsTo(address)).filter((m) => m.kind === "petition-update" && (m.headers?.["List-Unsubscribe"] ?? "").includes(`/api/petitions/${petitionId}/`));

/** Waits until the update's send is over (its batches run on the bus). */
async function sent(petitionId: string, updateId: string) {
  await expect
    .poll(async () => (await PetitionUpdates.list(petitionId)).find((u) => u.id === updateId)?.status, { timeout: 30_000, message: `${updateId} sent` })
    .toBe("sent");
}

describe("milestone e-mails", () => {
  it("the N-th verified signature sends exactly one e-mail to each opted-in counted signer, none to the others; checking again sends nothing", async () => {
    const p = await newPetition({ milestones: [3], verifySignatures: true });
    const asks1 = await signAs(p.id, "asks-one", { wantsUpdates: true });
    const silent = await signAs(p.id, "silent", { wantsUpdates: false });
    const asks2 = await signAs(p.id, "asks-two", { wantsUpdates: true });
    const pending = await signAs(p.id, "pending", { wantsUpdates: true });
    await confirmFromMail(p.id, asks1.email);
    await confirmFromMail(p.id, silent.email);
    expect(await Petition.count(p.id, true)).toBe(2);

    // two verified signatures (and two pending): below the milestone, nothing starts
    expect((await checkAndSend()).started.filter((s) => s.startsWith(p.id))).toEqual([]);
    expect(await PetitionUpdates.list(p.id)).toEqual([]);

    // the third verified signature reaches it
    await confirmFromMail(p.id, asks2.email);
    expect(await Petition.count(p.id, true)).toBe(3);
    expect((await checkAndSend()).started).toContain(`${p.id}/milestone-3`);
    await sent(p.id, "milestone-3");

    for (const who of [asks1, asks2]) {
      const mails = await updatesTo(who.email, p.id);
      expect(mails, who.email).toHaveLength(1);
      const [mail] = mails;
      expect(mail.subject).toBe("3 signatures: the petition you signed is growing");
      expect(mail.text).toContain("Fair cancellation rights");
      // one-click unsubscribe from this petition's updates (RFC 8058), and the withdraw link
      const oneClick = new URL(/^<(.+)>$/.exec(mail.headers!["List-Unsubscribe"])![1]);
      expect(oneClick.pathname).toBe(`/api/petitions/${p.id}/signatures/${who.signatureId}/updates/unsubscribe`);
      expect(oneClick.searchParams.get("t")).toBe(updatesToken(p.id, who.signatureId));
      expect(mail.headers!["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
      expect(mail.text).toContain(`/petitions/${p.id}/updates/unsubscribe?s=${who.signatureId}&t=`);
      expect(mail.text).toContain(`Withdraw your signature: ${settings().SITE_URL.replace(/\/$/, "")}/petitions/${p.id}/withdraw?s=${who.signatureId}`);
    }
    // not opted in, or not counted (pending): nothing
    expect(await updatesTo(silent.email, p.id)).toEqual([]);
    expect(await updatesTo(pending.email, p.id)).toEqual([]);

    const [summary] = await PetitionUpdates.list(p.id);
    expect(summary).toMatchObject({ id: "milestone-3", kind: "milestone", milestone: 3, status: "sent", counts: { recipients: 2, sent: 2, failed: 0 } });
    const audited = (await Audit.list(100)).filter((e) => e.target.includes(`${p.id}/milestone-3`)).map((e) => e.action);
    expect(audited.sort()).toEqual(["petition.update_send_started", "petition.update_sent"]);

    // checking again (every minute) claims nothing more and sends nothing more
    expect((await checkAndSend()).started.filter((s) => s.startsWith(p.id))).toEqual([]);
    for (const who of [asks1, asks2]) expect(await updatesTo(who.email, p.id)).toHaveLength(1);

    // withdrawing lowers the count by exactly one
    await Withdrawal.withdraw(p.id, silent.signatureId, withdrawToken(p.id, silent.signatureId));
    expect(await Petition.count(p.id, true)).toBe(2);
  });

  it("milestones reached at once send one e-mail, for the highest; the lower ones are passed over", async () => {
    const p = await newPetition({ milestones: [1, 2, 50] });
    const a = await signAs(p.id, "burst-a", { wantsUpdates: true });
    await signAs(p.id, "burst-b", { wantsUpdates: true });
    expect((await checkAndSend()).started).toContain(`${p.id}/milestone-2`);
    await sent(p.id, "milestone-2");
    expect((await PetitionUpdates.list(p.id)).map((u) => [u.id, u.status])).toEqual([
      ["milestone-1", "skipped"],
      ["milestone-2", "sent"],
    ]);
    expect(await updatesTo(a.email, p.id)).toHaveLength(1);
  });
});

describe("who counts as asking", () => {
  it("on a petition that does not verify, only signers whose address is a confirmed newsletter subscriber get updates", async () => {
    const p = await newPetition({ milestones: [] });
    const subscribed = await signAs(p.id, "optin-subscribed", { wantsUpdates: true });
    const typedOnly = await signAs(p.id, "optin-typed-only", { wantsUpdates: true }, { subscribed: false });
    await bus.idle();
    await MailDrain.drain({ budgetMs: 2000 });
    const res = await admin(outcomeRoute, { method: "POST", id: p.id, body: { subject: "Opt-in outcome", body: "Done." } });
    expect(res.statusCode, JSON.stringify(res.body)).toBe(202);
    await bus.idle();
    await sent(p.id, "outcome");
    expect(await updatesTo(subscribed.email, p.id)).toHaveLength(1);
    expect(await updatesTo(typedOnly.email, p.id)).toEqual([]);
    expect((await PetitionUpdates.list(p.id))[0].counts).toMatchObject({ sent: 1, failed: 0 });
  });
});

describe("leaving a petition's updates", () => {
  it("the one-click unsubscribe stops the next update of that petition only, not the newsletter or another petition", async () => {
    const first = await newPetition({ milestones: [1, 2] });
    const other = await newPetition({ milestones: [1] });
    const x = await signAs(first.id, "leaver", { wantsUpdates: true, newsletterConsent: true }, { subscribed: false });
    // the newsletter they asked for: the offer in their thank-you e-mail, taken
    await bus.idle();
    await expect.poll(async () => (await mailsTo(x.email)).find((m) => newsletterTokenIn(m.text))).toBeDefined();
    const offer = newsletterTokenIn((await mailsTo(x.email)).find((m) => newsletterTokenIn(m.text))!.text)!;
    expect(await confirmNewsletter(offer)).toBe("confirmed");
    await checkAndSend();
    await sent(first.id, "milestone-1");
    const [mail] = await updatesTo(x.email, first.id);
    const oneClick = new URL(/^<(.+)>$/.exec(mail.headers!["List-Unsubscribe"])![1]);
    const subscription = async () =>
      (await db().send(new GetCommand({ TableName: table(), Key: Keys.newsletter(normaliseEmail(x.email)), ConsistentRead: true }))).Item;
    const subscribed = await subscription();
    expect(subscribed).toBeDefined();

    // a mail provider's one-click POST (RFC 8058): a form body to the header's address
    const res = await call(
      stopRoute,
      httpEvent({
        method: "POST",
        pathParameters: { id: first.id, signatureId: x.signatureId },
        queryStringParameters: { t: oneClick.searchParams.get("t")! },
        rawBody: "List-Unsubscribe=One-Click",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      }),
    );
    expect([res.statusCode, res.body]).toEqual([200, { status: "unsubscribed" }]);
    const again = await call(
      stopRoute,
      httpEvent({ method: "POST", pathParameters: { id: first.id, signatureId: x.signatureId }, body: { token: oneClick.searchParams.get("t") } }),
    );
    expect([again.statusCode, again.body]).toEqual([200, { status: "already_unsubscribed" }]);

    // the same person signs the other petition, asking for its updates; someone else signs the first
    const y = await signAs(first.id, "stayer", { wantsUpdates: true });
    const xOther = await signAs(other.id, "leaver-elsewhere", { wantsUpdates: true, email: x.email }, { subscribed: false });
    const started = (await checkAndSend()).started;
    expect(started).toEqual(expect.arrayContaining([`${first.id}/milestone-2`, `${other.id}/milestone-1`]));
    await sent(first.id, "milestone-2");
    await sent(other.id, "milestone-1");

    expect((await updatesTo(x.email, first.id)).map((m) => m.subject)).toEqual(["1 signature: the petition you signed is growing"]);
    expect(await updatesTo(y.email, first.id)).toHaveLength(1);
    expect(await updatesTo(xOther.email, other.id)).toHaveLength(1);
    // the newsletter subscription is as it was
    expect(await subscription()).toEqual(subscribed);
  });

  it("refuses a wrong or malformed token with a clear error and writes nothing", async () => {
    const p = await newPetition({ milestones: [] });
    const mine = await signAs(p.id, "token-mine", { wantsUpdates: true });
    const theirs = await signAs(p.id, "token-theirs", { wantsUpdates: true });
    await bus.idle();
    const before = await snapshot();
    const post = (body: unknown) => call(stopRoute, httpEvent({ method: "POST", pathParameters: { id: p.id, signatureId: mine.signatureId }, body }));
    // another signature's token, a withdraw token (another purpose), a forged one
    for (const token of [updatesToken(p.id, theirs.signatureId), withdrawToken(p.id, mine.signatureId).split(".")[1], "A".repeat(43)]) {
      expect(await post({ token })).toMatchObject({
        statusCode: 403,
        body: { error: "This unsubscribe link is not valid. Please open the link from your e-mail again." },
      });
    }
    for (const [body, message] of [
      [{ token: "short" }, "This unsubscribe link is not valid"],
      [{}, "The link's token is missing"],
    ] as const) {
      const res = await post(body);
      expect(res.statusCode).toBe(400);
      expect((res.body as { error: string }).error).toBe(message);
    }
    const changes = diff(before, await snapshot());
    expect(changes, describeChanges(changes)).toEqual([]);
  });
});

describe("the outcome e-mail", () => {
  it("is sent once to the opted-in counted signers, audited; a second send is refused", async () => {
    const p = await newPetition({ milestones: [] });
    const asks = await signAs(p.id, "outcome-asks", { wantsUpdates: true });
    const silent = await signAs(p.id, "outcome-silent");
    await bus.idle();
    await MailDrain.drain({ budgetMs: 2000 });

    const body = { subject: "We won: the law passed", body: "# It passed\n\nThank you for **signing**." };
    const res = await admin(outcomeRoute, { method: "POST", id: p.id, body });
    expect(res.statusCode, JSON.stringify(res.body)).toBe(202);
    await bus.idle();
    await sent(p.id, "outcome");
    const mails = await updatesTo(asks.email, p.id);
    expect(mails.map((m) => m.subject)).toEqual(["We won: the law passed"]);
    expect(mails[0].html).toContain("<strong>signing</strong>");
    expect(await updatesTo(silent.email, p.id)).toEqual([]);

    const before = await snapshot();
    const again = await admin(outcomeRoute, { method: "POST", id: p.id, body });
    expect([again.statusCode, again.body]).toEqual([409, { error: "The outcome of this petition has already been sent to its signers" }]);
    expect(diff(before, await snapshot())).toEqual([]);

    const list = await admin(updatesList, { id: p.id });
    expect(list.body).toMatchObject({ items: [{ id: "outcome", kind: "outcome", status: "sent", counts: { recipients: 1, sent: 1, failed: 0 } }] });
    const audited = (await Audit.list(100)).filter((e) => e.target.includes(`${p.id}/outcome`)).map((e) => e.action);
    expect(audited.sort()).toEqual(["petition.update_send_started", "petition.update_sent"]);
  });

  it("in batches of two across the index partitions: each signer who asked gets exactly one, the others none", async () => {
    vi.stubEnv("NEWSLETTER_BATCH_SIZE", "2");
    resetSettings();
    try {
      const p = await newPetition({ milestones: [] });
      const asking = [];
      const others = [];
      for (let i = 0; i < 7; i++) asking.push(await signAs(p.id, `batch-asks-${i}`, { wantsUpdates: true }));
      for (let i = 0; i < 5; i++) others.push(await signAs(p.id, `batch-other-${i}`));
      await bus.idle();
      await MailDrain.drain({ budgetMs: 2000 });
      const res = await admin(outcomeRoute, { method: "POST", id: p.id, body: { subject: "Batched outcome", body: "Done." } });
      expect(res.statusCode, JSON.stringify(res.body)).toBe(202);
      await bus.idle();
      await sent(p.id, "outcome");
      for (const who of asking) expect(await updatesTo(who.email, p.id), who.email).toHaveLength(1);
      for (const who of others) expect(await updatesTo(who.email, p.id), who.email).toEqual([]);
      expect((await PetitionUpdates.list(p.id))[0].counts).toEqual({ recipients: 7, sent: 7, failed: 0 });
    } finally {
      vi.unstubAllEnvs();
      resetSettings();
    }
  });

  it("refuses bad input with a clear error and writes nothing", async () => {
    const p = await newPetition({ milestones: [] });
    await bus.idle();
    const before = await snapshot();
    for (const [body, message] of [
      [{ subject: "", body: "Text" }, "Please enter a subject"],
      [{ subject: "Line\nbreak", body: "Text" }, "The subject must be one line of text"],
      [{ subject: "Fine", body: "  " }, "Please write the issue's text"],
    ] as const) {
      const res = await admin(outcomeRoute, { method: "POST", id: p.id, body });
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.body)).toContain(message);
    }
    const missing = await admin(outcomeRoute, { method: "POST", id: "no-such-petition", body: { subject: "S", body: "B" } });
    expect([missing.statusCode, missing.body]).toEqual([404, { error: "Petition not found" }]);
    expect(diff(before, await snapshot())).toEqual([]);
  });
});

describe("the choice and the milestones as stored", () => {
  it("the signature keeps the signer's choice, which the person's data download shows", async () => {
    const p = await newPetition({ milestones: [] });
    const person = await signAs(p.id, "download", { wantsUpdates: true });
    const records = await storedRecords(person.email);
    const signature = records.find((r) => r.kind === "signature");
    expect(exported(signature!)).toMatchObject({ kind: "signature", wantsUpdates: true });
    const other = await signAs(p.id, "download-no");
    const otherRecords = await storedRecords(other.email);
    expect(exported(otherRecords.find((r) => r.kind === "signature")!)).not.toHaveProperty("wantsUpdates");
  });

  it("new petitions get 1,000, 10,000 and the goal; the edit form's milestones are validated with clear errors, writing nothing", async () => {
    const p = await Petition.create({ title: "Defaults", story: "S.", goal: 25_000, verifySignatures: false });
    expect(p.milestones).toEqual([1_000, 10_000, 25_000]);
    await bus.idle();
    const before = await snapshot();
    for (const [milestones, message] of [
      [[0], "Each milestone must be at least 1 signature"],
      [[5, 5], "Each milestone may be listed only once"],
      [[1.5], "Each milestone must be a whole number of signatures"],
      ["ten", "Each milestone must be a whole number of signatures"],
      [Array.from({ length: 11 }, (_, i) => i + 1), "At most 10 milestones"],
    ] as const) {
      const res = await admin(updatePetition, { method: "PATCH", id: p.id, body: { milestones } });
      expect(res.statusCode, JSON.stringify(milestones)).toBe(400);
      expect(JSON.stringify(res.body)).toContain(message);
    }
    // (this petition's items and the audit trail: what a PATCH could write)
    const changes = diff(before, await snapshot()).filter((c) => c.key.includes(p.id) || c.kind === "audit");
    expect(changes, describeChanges(changes)).toEqual([]);
    const ok = await admin(updatePetition, { method: "PATCH", id: p.id, body: { milestones: "20,000, 5,000" } });
    expect([ok.statusCode, (ok.body as { milestones: number[] }).milestones]).toEqual([200, [5_000, 20_000]]);
    expect((await Audit.list(20)).some((e) => e.action === "petition.milestones_changed" && e.target.startsWith(p.id))).toBe(true);
  });
});
