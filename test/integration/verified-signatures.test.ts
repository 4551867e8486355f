import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { settings } from "@site/core/config";
import { db, table } from "@site/core/db/client";
import { Keys } from "@site/core/db/keys";
import { listOutbox } from "@site/core/mail/outbox";
import { Petition } from "@site/core/petition";
import { SignatureDeletion } from "@site/core/signature/deletion";
import { geoCounts } from "@site/core/signature/geo-counts";
import { indexKey } from "@site/core/signature/index-item";
import { PENDING_WATERMARK, retentionStep } from "@site/core/signature/retention";
import { UNCONFIRMED_SIGNATURE_SECONDS } from "@site/core/policy/retention";
import { handler as sign } from "../../packages/functions/src/http/signature-create";
import { handler as confirmRoute } from "../../packages/functions/src/http/signature-confirm";
import { handler as getPetition } from "../../packages/functions/src/http/petition-get";
import { installLocalBus } from "../../scripts/local/bus";
import { call, httpEvent, viaCloudFront } from "../support/http";
import { newPetition, petitionItems, signer } from "../support/fixtures";
import { describeChanges, diff, snapshot, useOwnTable } from "../support/table-snapshot";
import { alteredToken } from "../support/altered-token";

const bus = installLocalBus();

beforeAll(async () => {
  // a table of its own: the snapshots and the retention watermark see only this file's writes
  await useOwnTable("verified-signatures");
});

let ip = 0;
const signAs = (petitionId: string, body: Record<string, unknown>) =>
  call(sign, httpEvent({ method: "POST", pathParameters: { id: petitionId }, body, sourceIp: `10.88.${Math.floor(++ip / 250)}.${ip % 250}` }));
const confirm = (petitionId: string, signatureId: string, token: unknown) =>
  call(
    confirmRoute,
    httpEvent({ method: "POST", pathParameters: { id: petitionId, signatureId }, body: { token }, sourceIp: `10.89.${Math.floor(++ip / 250)}.${ip % 250}` }),
  );
const mailsTo = async (address: string) => (await listOutbox(settings().OUTBOX_DIR)).filter((m) => m.to.includes(address));
const CONFIRM_SUBJECT = "Please confirm your signature";
const ALREADY_SUBJECT = "You have already signed this petition";
const SHARE_SUBJECT = "Thank you for signing — help us spread the word";

/** The signature id and token of the newest confirmation link e-mailed to `address`. */
async function linkTo(address: string, atLeast = 1): Promise<{ signatureId: string; token: string }> {
  await bus.idle();
  // a drain on a busy machine may leave a delivery to the next nudge: wait for it as the stack's outbox readers do
  const confirmations = async () => (await mailsTo(address)).filter((m) => m.subject === CONFIRM_SUBJECT);
  await expect
    .poll(async () => (await confirmations()).length, { timeout: 30_000, message: `a confirmation e-mail to ${address}` })
    .toBeGreaterThanOrEqual(atLeast);
  const mails = await confirmations();
  const last = mails.sort((a, b) => (a.at < b.at ? -1 : 1)).at(-1)!;
  const match = /\/petitions\/[a-z0-9-]+\/confirm\?s=([0-9a-z]+)&t=([A-Za-z0-9_-]{43})/.exec(last.text);
  expect(match, last.text).not.toBeNull();
  return { signatureId: match![1], token: match![2] };
}

const item = async (key: { pk: string; sk: string }) => (await db().send(new GetCommand({ TableName: table(), Key: key, ConsistentRead: true }))).Item;

/** What a rejected confirmation may write: its rate-limit hit, nothing else. */
async function expectOnlyRateHit(run: () => Promise<unknown>) {
  const before = await snapshot();
  await run();
  const changes = diff(before, await snapshot()).filter((c) => c.kind !== "RATE");
  expect(changes, describeChanges(changes)).toEqual([]);
}

describe("a petition that verifies signatures", () => {
  it("is the default for a new petition; one stored before the setting counts every signature", async () => {
    const p = await Petition.create({ id: `v-${crypto.randomUUID().slice(0, 8)}`, title: "New", story: "Story.", goal: 10 });
    expect(p.verifySignatures).toBe(true);
    await db().send(new UpdateCommand({ TableName: table(), Key: Keys.petition(p.id), UpdateExpression: "REMOVE verifySignatures" }));
    expect((await Petition.fromID(p.id)).verifySignatures).toBe(false);
  });

  it("stores a signature as pending, counts it apart, mails a link; the link confirms it once and counts it", async () => {
    const p = await newPetition(100, true);
    const person = signer("pending");
    const res = await signAs(p.id, person);
    expect(res.statusCode).toBe(201);
    // with when to expect the link (mail-queue-backlog.test.ts)
    expect(res.body).toEqual({ signatureId: expect.any(String), status: "pending", mail: { ahead: expect.any(Number), seconds: expect.any(Number) } });
    expect(await Petition.counts(p.id, true)).toEqual({ count: 0, pending: 1 });
    const page = await call(getPetition, httpEvent({ pathParameters: { id: p.id } }));
    expect(page.body).toMatchObject({ signatureCount: 0, pendingCount: 1, verifySignatures: true });

    const { signatureId, token } = await linkTo(person.email);
    expect(signatureId).toBe(res.body.signatureId);
    // no thank-you e-mail before the confirmation
    expect((await mailsTo(person.email)).map((m) => m.subject)).toEqual([CONFIRM_SUBJECT]);
    const stored = await item(Keys.signature(p.id, signatureId));
    expect(stored).toMatchObject({ status: "pending", confirmTokenHash: expect.any(String) });
    expect(JSON.stringify(stored)).not.toContain(token);

    const confirmed = await confirm(p.id, signatureId, token);
    expect(confirmed).toMatchObject({ statusCode: 200, body: { status: "confirmed", signatureCount: 1, pendingCount: 0 } });
    expect(await Petition.counts(p.id, true)).toEqual({ count: 1, pending: 0 });
    const verified = await item(Keys.signature(p.id, signatureId));
    expect(verified).toMatchObject({ status: "verified", verifiedAt: expect.any(String) });
    expect(verified).not.toHaveProperty("confirmTokenHash");
    expect(verified!.confirmedTokenHash).toEqual(expect.any(String));
    expect(String((await item(indexKey(p.id, signatureId)))?.r)).toContain('"verified"');
    await bus.idle();
    await expect
      .poll(async () => (await mailsTo(person.email)).map((m) => m.subject).sort(), { timeout: 30_000 })
      .toEqual([CONFIRM_SUBJECT, SHARE_SUBJECT].sort());

    // the second click: answered without the counts (no counter on demand for the link's owner), nothing written, nothing counted again
    await expectOnlyRateHit(async () => {
      const again = await confirm(p.id, signatureId, token);
      expect(again).toMatchObject({ statusCode: 200 });
      expect(again.body).toEqual({ status: "already_confirmed" });
    });
    // another token on the confirmed signature: refused as on a pending one, not "already confirmed"
    const forged = alteredToken(token);
    await expectOnlyRateHit(async () => expect((await confirm(p.id, signatureId, forged)).statusCode).toBe(400));
    expect(await Petition.counts(p.id, true)).toEqual({ count: 1, pending: 0 });
  });

  it("refuses a wrong token (400) and an expired link (410), writing nothing", async () => {
    const p = await newPetition(100, true);
    const person = signer("badtoken");
    await signAs(p.id, person);
    const { signatureId, token } = await linkTo(person.email);
    const wrong = alteredToken(token);
    await expectOnlyRateHit(async () => {
      const res = await confirm(p.id, signatureId, wrong);
      expect(res).toMatchObject({
        statusCode: 400,
        body: { error: "This confirmation link is not valid. Please use the link in the most recent e-mail we sent you." },
      });
      expect(await confirm(p.id, signatureId, "short")).toMatchObject({ statusCode: 400 });
      expect(await confirm(p.id, "zzzzzzzzz", token)).toMatchObject({ statusCode: 410 });
      expect(await confirm(p.id, signatureId, 42)).toMatchObject({ statusCode: 400 });
    });
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: Keys.signature(p.id, signatureId),
        UpdateExpression: "SET confirmTokenExpiresAt = :past",
        ExpressionAttributeValues: { ":past": new Date(Date.now() - 1000).toISOString() },
      }),
    );
    await expectOnlyRateHit(async () => {
      const res = await confirm(p.id, signatureId, token);
      expect(res).toMatchObject({ statusCode: 410, body: { error: "This confirmation link has expired. Please sign the petition again to get a new one." } });
    });
    expect(await Petition.counts(p.id, true)).toEqual({ count: 0, pending: 1 });
  });
});

describe("signing again with a mailbox that has signed (no enumeration)", () => {
  it("answers a folded spelling of a confirmed address as a first signature, counts nothing and mails 'already signed' once", async () => {
    const p = await newPetition(100, true);
    const local = `namesurname${crypto.randomUUID().slice(0, 6)}`;
    const address = `${local}@gmail.com`;
    const first = await signAs(p.id, signer("first", { email: address }));
    const { signatureId, token } = await linkTo(address);
    expect((await confirm(p.id, signatureId, token)).statusCode).toBe(200);
    await bus.idle();

    const folded = `${local.slice(0, 4)}.${local.slice(4)}+x@Gmail.com`;
    const before = await petitionItems(p.id);
    const again = await signAs(p.id, signer("again", { email: folded }));
    expect(again.statusCode).toBe(first.statusCode);
    expect(Object.keys(again.body).sort()).toEqual(Object.keys(first.body).sort());
    expect(again.body).toEqual({ signatureId: expect.any(String), status: "pending", mail: expect.objectContaining({ ahead: expect.any(Number) }) });
    expect(again.body.signatureId).not.toBe(first.body.signatureId);
    expect(await Petition.counts(p.id, true)).toEqual({ count: 1, pending: 0 });
    expect((await petitionItems(p.id)).signatures).toHaveLength(before.signatures.length);
    await bus.idle();
    await expect.poll(async () => (await mailsTo(address)).filter((m) => m.subject === ALREADY_SUBJECT).length, { timeout: 30_000 }).toBe(1);
    const already = (await mailsTo(address)).filter((m) => m.subject === ALREADY_SUBJECT);
    expect(already[0].text).toContain(`/sign/${p.id}`);

    // capped per address: a third attempt the same day sends nothing more
    expect((await signAs(p.id, signer("third", { email: address.toUpperCase() }))).statusCode).toBe(201);
    await bus.idle();
    expect((await mailsTo(address)).filter((m) => m.subject === ALREADY_SUBJECT)).toHaveLength(1);
  });

  it("answers a repeat on a petition that does not verify with the same fields as a first signature", async () => {
    const p = await newPetition();
    const address = `repeat-${crypto.randomUUID().slice(0, 6)}@outlook.com`;
    const first = await signAs(p.id, signer("one", { email: address }));
    const again = await signAs(p.id, signer("two", { email: address.replace("@", "+tag@") }));
    expect(again.statusCode).toBe(201);
    expect(Object.keys(again.body).sort()).toEqual(Object.keys(first.body).sort());
    expect(again.body).toMatchObject({ status: "unverified", signatureCount: 1 });
    expect(await Petition.count(p.id, true)).toBe(1);
    await bus.idle();
    await expect.poll(async () => (await mailsTo(address)).filter((m) => m.subject === ALREADY_SUBJECT).length, { timeout: 30_000 }).toBe(1);
  });

  it("mails a pending signature's link again, with a new token: the newest link confirms it", async () => {
    const p = await newPetition(100, true);
    const address = `again-${crypto.randomUUID().slice(0, 6)}@example.com`;
    await signAs(p.id, signer("a", { email: address }));
    const firstLink = await linkTo(address);
    await signAs(p.id, signer("b", { email: address }));
    const secondLink = await linkTo(address, 2);
    expect(secondLink.signatureId).toBe(firstLink.signatureId);
    expect(secondLink.token).not.toBe(firstLink.token);
    expect((await confirm(p.id, firstLink.signatureId, firstLink.token)).statusCode).toBe(400);
    expect((await confirm(p.id, secondLink.signatureId, secondLink.token)).body).toMatchObject({ status: "confirmed", signatureCount: 1, pendingCount: 0 });
  });
});

describe("pending signatures leave exactly", () => {
  it("the retention job deletes those unconfirmed past UNCONFIRMED_SIGNATURE_DAYS with their guard and row, and lowers pending", async () => {
    const p = await newPetition(100, true);
    const waiting = signer("expires");
    const kept = signer("confirms");
    const pendingId = (await signAs(p.id, waiting)).body.signatureId as string;
    await signAs(p.id, kept);
    const link = await linkTo(kept.email);
    await confirm(p.id, link.signatureId, link.token);
    expect(await Petition.counts(p.id, true)).toEqual({ count: 1, pending: 1 });

    const time = { over: () => false };
    // not yet due: a day before the end of the period
    const early = await retentionStep(new Date(Date.now() + (UNCONFIRMED_SIGNATURE_SECONDS - 86_400) * 1000), time);
    expect(early.counts.unconfirmedSignaturesDeleted).toBe(0);
    const due = await retentionStep(new Date(Date.now() + (UNCONFIRMED_SIGNATURE_SECONDS + 60) * 1000), time);
    // this file's other petitions hold pending signatures too
    expect(due.counts.unconfirmedSignaturesDeleted).toBeGreaterThanOrEqual(1);
    expect(await item(Keys.signature(p.id, pendingId))).toBeUndefined();
    expect(await item(indexKey(p.id, pendingId))).toBeUndefined();
    const items = await petitionItems(p.id);
    expect(items.signatures.map((s) => s.id)).toEqual([link.signatureId]);
    expect(items.guards).toHaveLength(1);
    expect(await Petition.counts(p.id, true)).toEqual({ count: 1, pending: 0 });
    // the address may sign again
    expect((await signAs(p.id, waiting)).statusCode).toBe(201);
    expect(await Petition.counts(p.id, true)).toEqual({ count: 1, pending: 1 });
  });

  it("deleting a pending signature lowers pending, a confirmed one count; delete-all keeps both exact", async () => {
    const p = await newPetition(100, true);
    const ids: string[] = [];
    for (const n of [1, 2, 3, 4]) ids.push((await signAs(p.id, signer(`del${n}`))).body.signatureId as string);
    const people = (await petitionItems(p.id)).signatures as { id: string; email: string }[];
    for (const s of people.filter((s) => s.id === ids[0] || s.id === ids[1])) {
      const link = await linkTo(s.email);
      await confirm(p.id, link.signatureId, link.token);
    }
    expect(await Petition.counts(p.id, true)).toEqual({ count: 2, pending: 2 });
    await SignatureDeletion.remove(p.id, ids[2]);
    expect(await Petition.counts(p.id, true)).toEqual({ count: 2, pending: 1 });
    await SignatureDeletion.remove(p.id, ids[0]);
    expect(await Petition.counts(p.id, true)).toEqual({ count: 1, pending: 1 });
    expect(await SignatureDeletion.deleteChunk(p.id)).toBe(2);
    expect(await Petition.counts(p.id, true)).toEqual({ count: 0, pending: 0 });
    const left = await petitionItems(p.id);
    expect(left.signatures).toHaveLength(0);
    expect(left.guards).toHaveLength(0);
  });

  it("a signature stored before the guard folded addresses is deleted with its guard under its old key", async () => {
    const p = await newPetition();
    const address = `Old.Style+${crypto.randomUUID().slice(0, 6)}@gmail.com`;
    const id = (await signAs(p.id, signer("old", { email: address }))).body.signatureId as string;
    // as it was written before: no status, no emailGuardKey, the guard keyed by the normalised e-mail
    const guard = (await petitionItems(p.id)).guards[0];
    await db().send(new DeleteCommand({ TableName: table(), Key: { pk: guard.pk, sk: guard.sk } }));
    await db().send(new PutCommand({ TableName: table(), Item: { ...guard, ...Keys.emailGuard(p.id, address.toLowerCase()) } }));
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: Keys.signature(p.id, id),
        UpdateExpression: "REMOVE #s, emailGuardKey",
        ExpressionAttributeNames: { "#s": "status" },
      }),
    );
    await SignatureDeletion.remove(p.id, id);
    expect(await item(Keys.emailGuard(p.id, address.toLowerCase()))).toBeUndefined();
    // counts by place stay as shard items (a deletion subtracts on any shard): their sums are nothing
    expect((await petitionItems(p.id)).all.filter((i) => i.type !== "petition" && i.type !== "counterShard" && i.sk !== "GEO")).toEqual([]);
    expect(await geoCounts(p.id)).toEqual({ byState: {}, byCountry: {}, unknownState: 0, unknownCountry: 0 });
    expect(await Petition.count(p.id, true)).toBe(0);
  });

  it("a pending signature is counted by place once, at its confirmation, and its deletion subtracts it once", async () => {
    const p = await newPetition(100, true);
    const person = signer("placed");
    const signed = await call(
      sign,
      httpEvent({
        method: "POST",
        pathParameters: { id: p.id },
        body: person,
        sourceIp: "10.90.0.1",
        headers: viaCloudFront({
          "cloudfront-viewer-address": "203.0.113.90:443",
          "cloudfront-viewer-country": "US",
          "cloudfront-viewer-country-region": "CA",
        }),
      }),
    );
    expect(signed.statusCode).toBe(201);
    const nowhere = { byState: {}, byCountry: {}, unknownState: 0, unknownCountry: 0 };
    expect(await geoCounts(p.id)).toEqual(nowhere);
    const link = await linkTo(person.email);
    expect((await confirm(p.id, link.signatureId, link.token)).statusCode).toBe(200);
    // the counts by place follow from the table's stream, a batch at a time (signature/effects.ts)
    await bus.idle();
    const placed = { byState: { CA: 1 }, byCountry: { US: 1 }, unknownState: 0, unknownCountry: 0 };
    expect(await geoCounts(p.id)).toEqual(placed);
    // the link a second time adds nothing
    await confirm(p.id, link.signatureId, link.token);
    await bus.idle();
    expect(await geoCounts(p.id)).toEqual(placed);
    await SignatureDeletion.remove(p.id, link.signatureId);
    expect(await geoCounts(p.id)).toEqual(nowhere);
    expect(await Petition.counts(p.id, true)).toEqual({ count: 0, pending: 0 });
  });
});

describe("a confirmation link that waited in a surge's queue", () => {
  it("a link sent two days after signing works its whole period from the send, and retention keeps its signature while it works", async () => {
    // from the start: the earlier tests' retention runs moved the watermark past a signature made two days ago
    await db().send(new DeleteCommand({ TableName: table(), Key: Keys.retentionWatermark(PENDING_WATERMARK) }));
    const p = await newPetition(100, true);
    const late = signer("late-link");
    const lapsed = signer("late-lapse");
    // signed two days ago; the links leave the queue now, as after a surge's backlog
    const day = 86_400_000;
    vi.setSystemTime(new Date(Date.now() - 2 * day));
    let ids: string[];
    try {
      ids = [(await signAs(p.id, late)).body.signatureId as string, (await signAs(p.id, lapsed)).body.signatureId as string];
    } finally {
      vi.useRealTimers();
    }
    const link = await linkTo(late.email);
    await linkTo(lapsed.email);
    const stored = await item(Keys.signature(p.id, link.signatureId));
    const sentAt = Date.parse(String(stored?.confirmTokenExpiresAt)) - UNCONFIRMED_SIGNATURE_SECONDS * 1000;
    expect(sentAt - Date.parse(String(stored?.createdAt))).toBeGreaterThan(2 * day - 60_000);

    const time = { over: () => false };
    // past the period counted from the signing, within the link's: both kept
    const kept = await retentionStep(new Date(sentAt + UNCONFIRMED_SIGNATURE_SECONDS * 1000 - 3_600_000), time);
    expect(kept.counts.unconfirmedSignaturesDeleted).toBe(0);
    expect((await petitionItems(p.id)).signatures.map((s) => s.id).sort()).toEqual([...ids].sort());

    // the link opened six and a half days after it was sent (eight and a half after the signing): it confirms
    vi.setSystemTime(new Date(sentAt + 6.5 * day));
    try {
      expect(await confirm(p.id, link.signatureId, link.token)).toMatchObject({ statusCode: 200, body: { status: "confirmed", signatureCount: 1 } });
    } finally {
      vi.useRealTimers();
    }

    // once the other's link has lapsed, retention deletes it, and pending is exact
    const due = await retentionStep(new Date(sentAt + UNCONFIRMED_SIGNATURE_SECONDS * 1000 + 60_000), time);
    // (with the earlier tests' pending signatures, whose links have lapsed too)
    expect(due.counts.unconfirmedSignaturesDeleted).toBeGreaterThanOrEqual(1);
    expect((await petitionItems(p.id)).signatures.map((s) => s.id)).toEqual([link.signatureId]);
    expect(await Petition.counts(p.id, true)).toEqual({ count: 1, pending: 0 });
  });
});
