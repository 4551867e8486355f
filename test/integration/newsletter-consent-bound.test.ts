/**
 * A stranger can type someone's address into the public forms again and again, each time a consent.
 * The subscriber keeps the latest 10 (KEPT_CONSENTS) and a summary (how many, every distinct
 * source, the first), so the item stays small; an item grown before the bound is read the same way,
 * and leaving (an unsubscribe) is a targeted update that succeeds whatever the item's size.
 */
import { GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import { beforeAll, describe, expect, it } from "vitest";
import { db, table } from "@site/core/db/client";
import { Keys } from "@site/core/db/keys";
import { Newsletter } from "@site/core/newsletter";
import { PART, decodeRow, indexItem, indexKey } from "@site/core/newsletter/index-item";
import { newToken } from "@site/core/util/token";
import { useOwnTable } from "../support/table-snapshot";

/** KEPT_CONSENTS (newsletter/subscriber.ts), written out so this file reads the same against any version. */
const KEPT = 10;
const HOUR = 3_600_000;
const START = Date.UTC(2025, 0, 1, 12);
const iso = (ms: number) => new Date(ms).toISOString();

beforeAll(async () => {
  await useOwnTable("nl-bound");
});

const address = (tag: string) => `nl-${tag}-${crypto.randomUUID().slice(0, 8)}@example.com`;

const rawItem = async (email: string) => (await db().send(new GetCommand({ TableName: table(), Key: Keys.newsletter(email), ConsistentRead: true }))).Item!;

async function indexRow(email: string) {
  const item = (await db().send(new GetCommand({ TableName: table(), Key: indexKey(email), ConsistentRead: true }))).Item!;
  return decodeRow(PART, email, String(item.r));
}

function confirmedSubscriber(email: string, consents: Newsletter.Consent[]): Newsletter.Subscriber {
  return {
    email,
    emailNormalized: email,
    name: "Victim Reader",
    status: "confirmed",
    consents,
    createdAt: consents[0].at,
    source: consents[0].source,
    consentAt: consents[0].at,
    confirmedAt: iso(Date.parse(consents[0].at) + HOUR),
    unsubscribeToken: newToken(),
    rev: 3,
  };
}

const put = (Item: Record<string, unknown>) => db().send(new PutCommand({ TableName: table(), Item }));

describe("a subscriber's consents", () => {
  it("subscribing one address many times keeps the latest 10 consents, the count, the distinct sources and the first", async () => {
    const email = address("many");
    const first = { source: "scam-report", at: iso(START) };
    for (const item of Newsletter.subscriberItems(confirmedSubscriber(email, [first]))) await put(item);

    const forms = ["lead:checklist", "scam-report", "lead:before-you-sign"];
    const given = Array.from({ length: 25 }, (_, i) => ({ source: forms[i % forms.length], at: iso(START + (i + 1) * HOUR) }));
    for (const c of given) expect(await Newsletter.subscribe({ email, name: "A Stranger", source: c.source, consentAt: c.at })).toBe("confirmed");

    const raw = await rawItem(email);
    expect(raw.consents).toHaveLength(KEPT);
    expect(raw.consents).toEqual(given.slice(-KEPT));
    expect(raw).toMatchObject({
      consentCount: 26,
      sources: ["scam-report", "lead:checklist", "lead:before-you-sign"],
      source: "scam-report",
      consentAt: first.at,
      name: "Victim Reader",
      status: "confirmed",
    });
    expect((await Newsletter.find(email))!.consents).toEqual(given.slice(-KEPT));

    const row = await indexRow(email);
    expect(JSON.parse(row.consents)).toEqual(given.slice(-KEPT));
    expect(row).toMatchObject({
      consentCount: 26,
      sources: "scam-report,lead:checklist,lead:before-you-sign",
      firstConsentAt: first.at,
      lastConsentAt: given.at(-1)!.at,
    });

    // the latest consent, redelivered, is still recognised
    const latest = given.at(-1)!;
    expect(await Newsletter.subscribe({ email, name: "A Stranger", source: latest.source, consentAt: latest.at })).toBe("duplicate");
    expect((await rawItem(email)).consentCount).toBe(26);
  });

  it("an item that grew before the bound is read as its latest 10 with the summary, and its next consent writes it bounded", async () => {
    const email = address("legacy");
    const consents = Array.from({ length: 30 }, (_, i) => ({ source: i === 7 ? "petition:p7" : "scam-report", at: iso(START + i * HOUR) }));
    const sub = confirmedSubscriber(email, consents);
    const [item, , lookup] = Newsletter.subscriberItems(sub);
    await put(item);
    await put(indexItem({ ...sub, consents: consents.slice(-KEPT) }));
    await put(lookup);

    const read = await Newsletter.find(email);
    expect(read!.consents).toEqual(consents.slice(-KEPT));
    expect(read).toMatchObject({ consentCount: 30, sources: ["scam-report", "petition:p7"], consentAt: consents[0].at });

    const next = { source: "lead:checklist", at: iso(START + 40 * HOUR) };
    expect(await Newsletter.subscribe({ email, name: "A Stranger", source: next.source, consentAt: next.at })).toBe("confirmed");
    const raw = await rawItem(email);
    expect(raw.consents).toEqual([...consents.slice(-(KEPT - 1)), next]);
    expect(raw).toMatchObject({ consentCount: 31, sources: ["scam-report", "petition:p7", "lead:checklist"] });
    expect(await indexRow(email)).toMatchObject({ consentCount: 31, firstConsentAt: consents[0].at, sources: "scam-report,petition:p7,lead:checklist" });
  });
});

describe("unsubscribing", () => {
  it("succeeds for a subscriber item near DynamoDB's 400 KB limit, changing only the status, its time and the confirmed-list keys", async () => {
    const email = address("huge");
    // ≈ 52 bytes each as DynamoDB counts them: 7,600 make an item of ≈ 396 KB (the limit is 409,600 bytes)
    const consents = Array.from({ length: 7600 }, (_, i) => ({ source: "lead:checklist", at: iso(START + i * 60_000) }));
    const sub = confirmedSubscriber(email, consents);
    const [item, , lookup] = Newsletter.subscriberItems(sub);
    // near indeed: 300 consents more (≈ 15 KB) and DynamoDB refuses the item
    const more = Array.from({ length: 300 }, (_, i) => ({ source: "lead:checklist", at: iso(START - (i + 1) * 60_000) }));
    await expect(put({ ...item, consents: [...more, ...consents] })).rejects.toThrow(/size/i);
    await put(item);
    // the admin row as it would be now; before the bound it could not hold them all (JSON is longer than the item's list)
    await put(indexItem({ ...sub, consents: consents.slice(-KEPT) }));
    await put(lookup);
    const before = await rawItem(email);
    expect(before.consents).toHaveLength(7600);
    expect(before.gsi2pk).toBe("NLCONFIRMED");

    expect(await Newsletter.unsubscribeByToken(sub.unsubscribeToken!)).toBe("unsubscribed");

    const after = await rawItem(email);
    expect(after.status).toBe("unsubscribed");
    expect(Date.parse(String(after.unsubscribedAt))).not.toBeNaN();
    expect(after.rev).toBe(Number(before.rev) + 1);
    expect(after.gsi2pk).toBeUndefined();
    expect(after.gsi2sk).toBeUndefined();
    const rest = (i: Record<string, unknown>) => {
      const { status: _s, unsubscribedAt: _u, rev: _r, gsi2pk: _p, gsi2sk: _k, ...others } = i;
      return others;
    };
    expect(rest(after)).toEqual(rest(before));
    expect(await indexRow(email)).toMatchObject({ status: "unsubscribed", unsubscribedAt: after.unsubscribedAt, consentCount: 7600 });

    // and again: already unsubscribed, nothing written
    expect(await Newsletter.unsubscribeByToken(sub.unsubscribeToken!)).toBe("already_unsubscribed");
    expect((await rawItem(email)).rev).toBe(after.rev);
  });
});
