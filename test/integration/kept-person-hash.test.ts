/**
 * Security review N9: the person hashes kept past a person's records (the suppression list's entries,
 * kept SUPPRESSION_RETENTION_YEARS, and the deletion requests, kept DELETION_REQUEST_RECORD_DAYS) are
 * keyed (db/person-index.ts `keptPersonHash`: HMAC-SHA256 under AUDIT_HASH_KEY), so they cannot be
 * tested against guessed addresses. Through the real writers and the console's handlers: no item of
 * those kinds holds the plain SHA-256 of the address, the suppression still stops mail, an
 * administrator finds a person by the typed address and lifts an entry by the hash the list shows;
 * and the re-keying migration moves items written before, once.
 */
import { randomUUID } from "node:crypto";
import { PutCommand, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { Audit } from "@site/core/audit";
import { resetSettings, settings } from "@site/core/config";
import { db, table } from "@site/core/db/client";
import { Keys } from "@site/core/db/keys";
import { auditedPerson, keptPersonHash, personHash } from "@site/core/db/person-index";
import { Mail } from "@site/core/mail";
import { listOutbox } from "@site/core/mail/outbox";
import { decodeRow, indexKey, PART, type PrivacyRequest } from "@site/core/privacy/index-item";
import { rekeyKeptPersons } from "@site/core/migrations/kept-person-rekey";
import { requestWrites } from "@site/core/privacy/requests";
import { DELETION_LINK_SECONDS, DELETION_REQUEST_RECORD_DAYS } from "@site/core/policy/retention";
import { Suppression } from "@site/core/suppression";
import { sortableId } from "@site/core/util/id";
import { handler as listRequests } from "../../packages/functions/src/http/admin-privacy-list";
import { handler as listSuppressions } from "../../packages/functions/src/http/admin-mail-suppression-list";
import { handler as liftSuppression } from "../../packages/functions/src/http/admin-mail-suppression-lift";
import { handler as privacyRequest } from "../../packages/functions/src/http/privacy-request";
import { installLocalBus } from "../../scripts/local/bus";
import { adminClaims, asAdmin } from "../support/admin";
import { call, httpEvent } from "../support/http";
import { diff, scanAll, snapshot, useOwnTable, type Item } from "../support/table-snapshot";

const bus = installLocalBus();
const run = randomUUID().slice(0, 8);
let admin: ReturnType<typeof asAdmin>;

beforeAll(async () => {
  await useOwnTable("kept-person-hash");
  vi.stubEnv("PRIVACY_RATE_LIMIT_PER_MINUTE", "1000");
  resetSettings();
  admin = asAdmin((await adminClaims()).claims);
});

const message = (to: string) => ({ kind: "admin-test", to: [to], subject: "Hello", text: "Hello", html: "<p>Hello</p>" });
const mailTo = async (address: string) => (await listOutbox(settings().OUTBOX_DIR)).filter((m) => m.to.includes(address));
/** The items of these kinds (their `type`), as stored. */
const itemsOf = async (...types: string[]) => (await scanAll()).filter((item) => types.includes(String(item.type)));
/** Whether an item holds `text` anywhere (key, attributes, packed row). */
const holds = (item: Item, text: string) => JSON.stringify(item).includes(text);

describe("the suppression list keeps the person's keyed hash", () => {
  it("a complaint's entry holds the keyed hash, never the plain SHA-256 of the address, and still stops mail to it", async () => {
    const address = `complaint+${run}@simulator.amazonses.com`;
    await Mail.send(message(address));
    await bus.idle();
    expect(await mailTo(address)).toHaveLength(1);

    const kept = keptPersonHash(address);
    const entries = await itemsOf("suppression");
    const entry = entries.find((item) => item.pk === `SUPPRESS#${kept}`);
    expect(entry).toMatchObject({
      person: kept,
      personKeyed: true,
      suppressed: true,
      reason: "complaint",
      gsi1sk: expect.stringMatching(new RegExp(`#${kept}$`)),
    });
    expect(kept).not.toBe(personHash(address));
    expect(entries.filter((item) => holds(item, personHash(address)))).toEqual([]);

    await Mail.send(message(address));
    await bus.idle();
    expect(await mailTo(address)).toHaveLength(1);
  });

  it("an administrator finds the entry by the typed address and lifts it by the hash the list shows; mail then goes again", async () => {
    const address = `Bounced.${run}@Example.org`;
    await Suppression.suppress("bounce", { address, kind: "newsletter-issue", at: new Date().toISOString() });
    await Mail.send(message(address));
    expect(await mailTo(address)).toHaveLength(0);

    const found = await admin(listSuppressions, { query: { email: address.toLowerCase() } });
    expect(found.statusCode, JSON.stringify(found.body)).toBe(200);
    const rows = (found.body as Suppression.SuppressionList).items;
    expect(rows).toEqual([expect.objectContaining({ person: keptPersonHash(address), reason: "bounce" })]);
    // the list shows no plain hash either
    expect(JSON.stringify((await admin(listSuppressions, {})).body)).not.toContain(personHash(address));

    const lifted = await admin(liftSuppression, { method: "POST", body: { person: rows[0].person } });
    expect(lifted.statusCode, JSON.stringify(lifted.body)).toBe(200);
    expect(await Suppression.find({ address })).toBeUndefined();
    const audit = (await Audit.list(20)).find((e) => e.action === "mail.suppression_lifted");
    // named as every audit entry names a person: the same keyed hash
    expect(audit?.target).toBe(auditedPerson(address));

    await Mail.send(message(address));
    expect(await mailTo(address)).toHaveLength(1);
  });
});

describe("deletion requests keep the person's keyed hash", () => {
  it("the request and its index row hold the keyed hash, never the plain SHA-256 of the address; the console finds them by the typed address", async () => {
    const email = `asks-${run}@example.com`;
    const res = await call(privacyRequest, httpEvent({ method: "POST", body: { email }, sourceIp: "10.94.1.1" }));
    expect(res.statusCode, JSON.stringify(res.body)).toBe(202);

    const kept = keptPersonHash(email);
    const requests = await itemsOf("privacyRequest");
    expect(requests).toEqual([expect.objectContaining({ person: kept, personKeyed: true })]);
    const stored = await itemsOf("privacyRequest", "privacyIndex");
    expect(stored.length).toBeGreaterThanOrEqual(2);
    expect(stored.filter((item) => holds(item, personHash(email)))).toEqual([]);

    const listed = await admin(listRequests, { query: { search: email.toUpperCase() } });
    expect(listed.statusCode, JSON.stringify(listed.body)).toBe(200);
    expect((listed.body as { items: { id: string; person: string }[] }).items).toEqual([expect.objectContaining({ id: requests[0].id, person: kept })]);
  });
});

/** A deletion request as the writer stored it before the hash was keyed: the plain hash, no mark. */
function oldRequest(email: string, requestedMs: number): PrivacyRequest {
  return {
    id: sortableId(requestedMs),
    status: "completed",
    person: personHash(email),
    requestedAt: new Date(requestedMs).toISOString(),
    validUntil: new Date(requestedMs + DELETION_LINK_SECONDS * 1000).toISOString(),
    confirmedAt: new Date(requestedMs + 60_000).toISOString(),
    completedAt: new Date(requestedMs + 120_000).toISOString(),
    erased: { signature: 1, report: 0, lead: 2, newsletter: 1 },
    downloads: 1,
    expiresAt: Math.floor(requestedMs / 1000) + DELETION_REQUEST_RECORD_DAYS * 86_400,
  };
}

/** A suppression entry as the writers stored it before the hash was keyed. */
async function oldSuppression(address: string, entry: Item): Promise<void> {
  const plain = personHash(address);
  const listed = entry.suppressed ? { gsi1pk: Keys.suppressionListPartition, gsi1sk: `${String(entry.at)}#${plain}` } : {};
  await db().send(
    new PutCommand({
      TableName: table(),
      Item: { ...Keys.suppression(plain), type: "suppression", person: plain, expiresAt: Math.floor(Date.now() / 1000) + 86_400 * 365, ...listed, ...entry },
    }),
  );
}

describe("the re-keying migration (npm run job:kept-person-rekey)", () => {
  it("re-keys an old suppression entry, an old count and an old deletion request once; a second run changes nothing", async () => {
    const suppressed = `old-suppressed-${run}@example.org`;
    const counted = `old-counted-${run}@example.org`;
    const asked = `old-asked-${run}@example.org`;
    const at = "2026-03-01T10:00:00.000Z";
    await oldSuppression(suppressed, { suppressed: true, reason: "complaint", kind: "guide-checklist", at });
    await oldSuppression(counted, { suppressed: false, transientBounces: 2 });
    const req = oldRequest(asked, Date.now() - 3 * 86_400_000);
    await db().send(new TransactWriteCommand({ TransactItems: requestWrites(req) }));
    // before: the old entry is not found by its address (so SES's own list is the backstop until the job runs)
    expect(await Suppression.find({ address: suppressed })).toBeUndefined();

    const first = await rekeyKeptPersons();
    expect(first).toMatchObject({ rekeyed: { suppression: 2, privacyRequest: 1 }, merged: 0, skipped: 0 });

    expect(await Suppression.find({ address: suppressed })).toMatchObject({ person: keptPersonHash(suppressed), suppressed: true, reason: "complaint", at });
    expect(await Suppression.find({ address: counted })).toMatchObject({ suppressed: false, transientBounces: 2 });
    // the console's list finds it under the keyed hash, in its place by time
    expect((await Suppression.list({})).items).toContainEqual({ person: keptPersonHash(suppressed), reason: "complaint", at, kind: "guide-checklist" });
    await Mail.send(message(suppressed));
    expect(await mailTo(suppressed)).toHaveLength(0);

    const items = await itemsOf("suppression", "privacyRequest", "privacyIndex");
    for (const address of [suppressed, counted, asked])
      expect(
        items.filter((item) => holds(item, personHash(address))),
        address,
      ).toEqual([]);
    const request = items.find((item) => item.type === "privacyRequest" && item.id === req.id);
    // only the person changed
    expect(request).toEqual({ ...Keys.privacyRequest(req.id), type: "privacyRequest", ...req, person: keptPersonHash(asked), personKeyed: true });
    const row = items.find((item) => item.pk === indexKey(req.id).pk && item.sk === req.id)!;
    expect(decodeRow(PART, req.id, String(row.r))).toMatchObject({ person: keptPersonHash(asked), status: "completed", downloads: 1 });
    const listed = await admin(listRequests, { query: { search: asked } });
    expect((listed.body as { items: { id: string }[] }).items.map((r) => r.id)).toEqual([req.id]);

    const before = await snapshot();
    const second = await rekeyKeptPersons();
    expect(second).toMatchObject({ rekeyed: { suppression: 0, privacyRequest: 0 }, merged: 0, skipped: 0 });
    expect(diff(before, await snapshot())).toEqual([]);
  });

  it("folds an old entry into the one a writer made under the keyed hash since the deploy: the suppression and its first time stay", async () => {
    const address = `old-and-new-${run}@example.org`;
    const at = "2026-02-01T08:00:00.000Z";
    await oldSuppression(address, { suppressed: true, reason: "bounce", kind: "newsletter-issue", at });
    await Suppression.countTransientBounce({ address, kind: "guide-checklist", at: new Date().toISOString() });

    const result = await rekeyKeptPersons();
    expect(result).toMatchObject({ rekeyed: { suppression: 0, privacyRequest: 0 }, merged: 1, skipped: 0 });
    expect(await Suppression.find({ address })).toMatchObject({
      person: keptPersonHash(address),
      suppressed: true,
      reason: "bounce",
      at,
      kind: "newsletter-issue",
    });
    expect((await itemsOf("suppression")).filter((item) => holds(item, personHash(address)))).toEqual([]);
  });
});
