import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetSettings, settings } from "@site/core/config";
import { PutCommand } from "@aws-sdk/lib-dynamodb";
import { db, table } from "@site/core/db/client";
import { Keys } from "@site/core/db/keys";
import { Idempotency } from "@site/core/idempotency";
import { MailBudget } from "@site/core/mail/budget";
import { Mail } from "@site/core/mail";
import { listOutbox } from "@site/core/mail/outbox";
import { MailDrain } from "@site/core/mail-drain";
import { MailQueue } from "@site/core/mail-queue";
import { Signature } from "@site/core/signature";
import { importRequests } from "../support/signatures";
import { newPetition } from "../support/fixtures";

/**
 * The paced mail queue: each test has its own outbox directory, and so its own queue
 * (the queue is scoped by mail destination).
 */
beforeEach(() => {
  vi.stubEnv("OUTBOX_DIR", join(settings().OUTBOX_DIR, "..", randomUUID()));
  resetSettings();
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  resetSettings();
});

const outbox = () => listOutbox(settings().OUTBOX_DIR);
const eventId = () => randomUUID();

async function signatures(n: number, tag: string) {
  const p = await newPetition(1000);
  const created = [];
  for (const req of importRequests(n, `${tag}-${randomUUID().slice(0, 6)}`))
    created.push((await Signature.create({ ...req, petitionId: p.id, client: randomUUID() })).signature);
  return { petition: p, created };
}

const drainAll = async (budgetMs = 20_000) => MailDrain.drain({ budgetMs });

describe("the paced mail queue", () => {
  it("sends each queued e-mail once, even when its event is enqueued twice, and leaves nothing queued", async () => {
    const { created } = await signatures(3, "once");
    const ids = created.map(() => eventId());
    for (const [i, s] of created.entries()) {
      await MailQueue.enqueue("signature-share-email", ids[i], { petitionId: s.petitionId, signatureId: s.id });
      // a re-delivered event: a second item for the same delivery
      await MailQueue.enqueue("signature-share-email", ids[i], { petitionId: s.petitionId, signatureId: s.id });
    }
    expect((await MailQueue.pending()).visitor).toBe(6);
    await drainAll();
    const mail = await outbox();
    for (const s of created) expect(mail.filter((m) => m.to.includes(s.email))).toHaveLength(1);
    expect((await MailQueue.pending()).visitor).toBe(0);
  });

  it("sends a delivery enqueued twice once when the two items go in overlapping rounds of one drain", async () => {
    // 4 a second: 2 for the privacy link, half the rest for confirmations: a visitor round holds one e-mail
    vi.stubEnv("MAIL_RATE_PER_SECOND", "4");
    vi.stubEnv("MAIL_CONFIRMATION_RESERVE_SHARE", "0.5");
    resetSettings();
    const { created } = await signatures(1, "overlap");
    const [s] = created;
    const id = eventId();
    await MailQueue.enqueue("signature-share-email", id, { petitionId: s.petitionId, signatureId: s.id });
    // the re-delivered batch's item, a moment later: the next round's
    await new Promise((r) => setTimeout(r, 5));
    await MailQueue.enqueue("signature-share-email", id, { petitionId: s.petitionId, signatureId: s.id });
    // a slow provider: the first round is still sending when the second claims its item
    const send = Mail.send.bind(Mail);
    vi.spyOn(Mail, "send").mockImplementation(async (...args) => {
      await new Promise((r) => setTimeout(r, 1500));
      return send(...args);
    });
    await drainAll(6000);
    expect((await outbox()).filter((m) => m.to.includes(s.email))).toHaveLength(1);
    expect((await MailQueue.pending()).visitor).toBe(0);
  });

  it("keeps to the account's rate less the reserves: a one-second drain sends at most that many a second and leaves the rest queued", async () => {
    // 6 a second, 2 of them kept for the privacy link, half the rest for confirmations: 2 for share e-mails
    vi.stubEnv("MAIL_RATE_PER_SECOND", "6");
    vi.stubEnv("MAIL_CONFIRMATION_RESERVE_SHARE", "0.5");
    resetSettings();
    expect(MailBudget.ceilings("transactional").perSecond).toBe(2);
    const { created } = await signatures(12, "pace");
    for (const s of created) await MailQueue.enqueue("signature-share-email", eventId(), { petitionId: s.petitionId, signatureId: s.id });
    const res = await MailDrain.drain({ budgetMs: 1000 });
    // a round takes a second's slots at once; a drain of one second spans two seconds of the clock at most
    expect(res.sent).toBeGreaterThan(0);
    expect(res.sent).toBeLessThanOrEqual(4);
    expect((await outbox()).length).toBe(res.sent);
    expect((await MailQueue.pending()).visitor).toBe(12 - res.sent);
  });

  it("sends a signer's confirmation link in the first second, whatever backlog of other mail waits, and a stranger's newsletter confirmation does not take its slot", async () => {
    // 4 a second: 2 for the privacy link; of the other 2, half kept for confirmations: 1 a second for the rest
    vi.stubEnv("MAIL_RATE_PER_SECOND", "4");
    vi.stubEnv("MAIL_CONFIRMATION_RESERVE_SHARE", "0.5");
    resetSettings();
    const { created } = await signatures(6, "lanes");
    const pending = await newPetition(10, true);
    const [signer] = importRequests(1, `lanes-pending-${randomUUID().slice(0, 6)}`);
    const waiting = (await Signature.create({ ...signer, petitionId: pending.id, client: randomUUID() })).signature;
    for (const s of created) await MailQueue.enqueue("signature-share-email", eventId(), { petitionId: s.petitionId, signatureId: s.id });
    for (let i = 0; i < 4; i++) await MailQueue.enqueue("newsletter-confirmation", eventId(), { email: `stranger-${i}@example.com` });
    const sent: { what: string; at: number }[] = [];
    const started = Date.now();
    vi.spyOn(Mail, "send").mockImplementation(async (m) => void sent.push({ what: m.kind ?? m.subject, at: Date.now() - started }));
    vi.spyOn(Mail, "sendToVisitor").mockImplementation(async (m) => (sent.push({ what: m.subject, at: Date.now() - started }), "sent"));
    const { Newsletter } = await import("@site/core/newsletter");
    vi.spyOn(Newsletter, "sendConfirmation").mockImplementation(async () => (sent.push({ what: "newsletter-confirmation", at: Date.now() - started }), "sent"));
    await MailQueue.enqueue("signature-confirmation", waiting.id, { petitionId: waiting.petitionId, signatureId: waiting.id });
    const from = Date.now();
    await MailDrain.drain({ budgetMs: 3000 });
    // the budget counts by the clock's seconds: a drain of 3 s touches three or four of them
    const seconds = Math.floor(Date.now() / 1000) - Math.floor(from / 1000) + 1;
    const link = sent.find((s) => s.what === "signature-confirmation");
    // the backlog (6 share e-mails, 4 newsletter confirmations) shares 1 a second, so behind it the link
    // would wait 10 s: sent within this drain, it had a slot of its own, however slow the machine
    expect(link, JSON.stringify(sent)).toBeDefined();
    const others = sent.filter((s) => s.what !== "signature-confirmation");
    expect(others.length).toBeLessThanOrEqual(seconds);
    expect(others.length).toBeLessThan(10);
  });

  it("counts the confirmations waiting, so a signer is told when theirs should leave; a drain counts them down", async () => {
    // 12 a second, 2 kept for the privacy link: confirmations go at 10 a second
    vi.stubEnv("MAIL_RATE_PER_SECOND", "12");
    resetSettings();
    expect(MailBudget.ceilings("confirmation").perSecond).toBe(10);
    const run = randomUUID().slice(0, 8);
    // links of signatures that are gone by the time they are sent: each takes its slot, none is mailed
    const links = Array.from({ length: 31 }, (_, i) => ({
      kind: "signature-confirmation" as const,
      eventId: `eta-${run}-${i}`,
      ref: { petitionId: `gone-${run}`, signatureId: `s${i}` },
    }));
    await MailQueue.enqueueMany(links.slice(0, 30));
    await MailQueue.enqueue(links[30].kind, links[30].eventId, links[30].ref);
    // a redelivered batch: counted again, and found sent (or skipped) again when drained
    await MailQueue.enqueueMany(links.slice(0, 4));
    expect(await MailQueue.readBacklog()).toEqual({ ahead: 35, seconds: Math.ceil(35 / 10) });
    await MailDrain.drain({ budgetMs: 1500 });
    const left = (await MailQueue.pending()).confirmations;
    expect(left).toBeLessThan(35);
    const wait = await MailQueue.readBacklog();
    expect(wait.ahead).toBe(left);
    // the drain's measured rate, at most the budget's: the wait is no shorter than at 10 a second
    if (left > 0) expect(wait.seconds).toBeGreaterThanOrEqual(Math.ceil(left / 10));
    await drainAll();
    expect(await MailQueue.readBacklog()).toEqual({ ahead: 0, seconds: 0 });
    expect((await MailQueue.pending()).confirmations).toBe(0);
  });

  it("keeps a delivery whose send failed, and sends it once when sending works again", async () => {
    const { created } = await signatures(1, "fail");
    const [s] = created;
    await MailQueue.enqueue("signature-share-email", eventId(), { petitionId: s.petitionId, signatureId: s.id });
    const original = Mail.send;
    // what each attempt finds when it starts: the queue and the outbox
    const attempts: { at: number; queued: number; sent: number }[] = [];
    vi.spyOn(Mail, "send").mockImplementation(async (m) => {
      attempts.push({ at: Date.now(), queued: (await MailQueue.pending()).visitor, sent: (await outbox()).length });
      if (attempts.length === 1) throw new Error("SES is down");
      return original(m);
    });
    // one drain long enough for the next attempt (however slow the machine: no race with a short budget)
    const result = await drainAll();
    expect(result).toMatchObject({ failed: 1, sent: 1 });
    expect(attempts).toHaveLength(2);
    // the failed delivery stayed queued, nothing was sent, and its next attempt waited 1 s
    expect(attempts[1]).toMatchObject({ queued: 1, sent: 0 });
    expect(attempts[1].at - attempts[0].at).toBeGreaterThanOrEqual(1000);
    expect((await outbox()).filter((m) => m.to.includes(s.email))).toHaveLength(1);
    expect((await MailQueue.pending()).visitor).toBe(0);
  });

  it("does not send again what a drainer sent before it died (its item left behind)", async () => {
    const { created } = await signatures(1, "died");
    const [s] = created;
    const id = eventId();
    // the send completed (its once() marker), then the drainer died before deleting the item
    await Idempotency.once("signature-share-email", id, async () => {}, { leaseMs: 60_000 });
    await MailQueue.enqueue("signature-share-email", id, { petitionId: s.petitionId, signatureId: s.id });
    await drainAll();
    expect(await outbox()).toHaveLength(0);
    expect((await MailQueue.pending()).visitor).toBe(0);
  });

  it("lets one drainer at a time send", async () => {
    const { created } = await signatures(4, "lease");
    for (const s of created) await MailQueue.enqueue("signature-share-email", eventId(), { petitionId: s.petitionId, signatureId: s.id });
    const [a, b] = await Promise.all([drainAll(), drainAll()]);
    expect([a.drained, b.drained].sort()).toEqual([false, true]);
    expect(await outbox()).toHaveLength(4);
  });

  it("turns a petition's notices into one digest past the threshold, and sends single notices below it", async () => {
    vi.stubEnv("ADMIN_NOTICE_DIGEST_THRESHOLD", "5");
    vi.stubEnv("ADMIN_NOTICE_DIGEST_SECONDS", "0");
    resetSettings();
    const surge = await signatures(12, "surge");
    const quiet = await signatures(3, "quiet");
    for (const s of [...surge.created, ...quiet.created])
      await MailQueue.enqueue("signature-notify-admin", eventId(), { petitionId: s.petitionId, signatureId: s.id });

    // the first drain folds the surge's 12 notices and sends the quiet petition's 3; the digest is due at once
    await drainAll();
    await drainAll();
    const admin = (await outbox()).filter((m) => m.to.includes("admins@example.org"));
    const digests = admin.filter((m) => /^\d+ new signatures on "/.test(m.subject));
    const single = admin.filter((m) => m.subject.startsWith("New signature on"));
    expect(digests).toHaveLength(1);
    expect(digests[0].subject).toBe('12 new signatures on "Test petition"');
    expect(digests[0].text).toContain(`/admin/petitions/${surge.petition.id}/signatures`);
    expect(digests[0].text).toContain(`${surge.created[0].firstName} ${surge.created[0].lastName}`);
    expect(single).toHaveLength(3);
    for (const s of quiet.created) expect(single.some((m) => m.text.includes(s.email))).toBe(true);
    expect((await MailQueue.pending()).notices).toBe(0);
  });

  it("skips an e-mail whose signature was erased while it waited", async () => {
    const { created } = await signatures(1, "erased");
    const [s] = created;
    await MailQueue.enqueue("signature-share-email", eventId(), { petitionId: s.petitionId, signatureId: s.id });
    const { SignatureDeletion } = await import("@site/core/signature/deletion");
    await SignatureDeletion.remove(s.petitionId, s.id);
    await drainAll();
    expect(await outbox()).toHaveLength(0);
    expect((await MailQueue.pending()).visitor).toBe(0);
  });

  it("a nudge that finds another process's drainer at work drains after it, so settled() means sent (test files share one table)", async () => {
    const { created } = await signatures(1, "other");
    const [s] = created;
    // another process holds the drainer's lease for a moment; its drain has not read this process's partitions
    await db().send(
      new PutCommand({
        TableName: table(),
        Item: { ...Keys.mailQueueLease(MailBudget.scope()), type: "mailQueueLease", token: "other", lockedUntil: Date.now() + 400 },
      }),
    );
    await MailQueue.enqueue("signature-share-email", eventId(), { petitionId: s.petitionId, signatureId: s.id });
    await MailDrain.nudge();
    await MailDrain.settled();
    expect((await outbox()).filter((m) => m.to.includes(s.email))).toHaveLength(1);
  });
});
