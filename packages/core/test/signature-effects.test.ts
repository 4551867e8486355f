import { marshall } from "@aws-sdk/util-dynamodb";
import { beforeAll, describe, expect, it } from "vitest";
import { resetSettings } from "../src/config";
import { CONSUMER, STREAM_FILTERS, changesOf, countItems, plan } from "../src/signature/effects";
import { ORIGIN_ATTRIBUTE, ORIGIN_SIGNING } from "../src/signature/origin";
import { matches, matchesAny, sequenceAfter, type StreamRecord } from "../src/streams/records";

let seq = 100n;
const record = (eventName: StreamRecord["eventName"], after?: Record<string, unknown>, before?: Record<string, unknown>): StreamRecord => ({
  eventID: `e${++seq}`,
  eventName,
  dynamodb: {
    SequenceNumber: String(seq),
    ...(after ? { NewImage: marshall(after, { removeUndefinedValues: true }) } : {}),
    ...(before ? { OldImage: marshall(before, { removeUndefinedValues: true }) } : {}),
  },
});
const signature = (id: string, extra: Record<string, unknown> = {}) => ({
  pk: `SIG#p1#${id}`,
  sk: "SIG",
  type: "signature",
  id,
  petitionId: "p1",
  firstName: "Ann",
  lastName: "Lee",
  email: `${id}@example.com`,
  newsletterConsent: false,
  meta: { country: "Unknown" },
  createdDate: "11/29/2026",
  createdTime: "10:00:00",
  createdAt: "2026-11-29T15:00:00.000Z",
  status: "verified",
  geo: { country: "unknown" },
  [ORIGIN_ATTRIBUTE]: ORIGIN_SIGNING,
  ...extra,
});

beforeAll(() => {
  process.env.TABLE_NAME = "t";
  resetSettings();
});

describe("the stream filters of the signature consumer", () => {
  it("take a signature signing wrote and a confirmation, and nothing else", () => {
    expect(matchesAny(STREAM_FILTERS, record("INSERT", signature("a")))).toBe(true);
    expect(matchesAny(STREAM_FILTERS, record("INSERT", signature("a", { status: "pending" })))).toBe(true);
    expect(matchesAny(STREAM_FILTERS, record("MODIFY", signature("a"), signature("a", { status: "pending" })))).toBe(true);
    // an import or a migration (no origin), another item, an anonymisation, a deletion
    expect(matchesAny(STREAM_FILTERS, record("INSERT", signature("a", { [ORIGIN_ATTRIBUTE]: undefined })))).toBe(false);
    expect(matchesAny(STREAM_FILTERS, record("INSERT", { pk: "GUARD#x", sk: "GUARD", type: "emailGuard" }))).toBe(false);
    expect(matchesAny(STREAM_FILTERS, record("MODIFY", signature("a", { firstName: "" }), signature("a")))).toBe(false);
    expect(matchesAny(STREAM_FILTERS, record("REMOVE", undefined, signature("a")))).toBe(false);
  });

  it("match as Lambda's filters do: listed values, and exists", () => {
    expect(matches({ a: { b: ["x", "y"] } }, { a: { b: "y" } })).toBe(true);
    expect(matches({ a: { b: ["x"] } }, { a: { b: "z" } })).toBe(false);
    expect(matches({ a: [{ exists: false }] }, {})).toBe(true);
    expect(matches({ a: [{ exists: false }] }, { a: 1 })).toBe(false);
    expect(matches({ a: [{ exists: true }] }, { a: 0 })).toBe(true);
    expect(matches({ a: { b: ["x"] } }, {})).toBe(false);
  });

  it("compare sequence numbers as numbers, whatever their length", () => {
    expect(sequenceAfter("100000000000000000000001", "99999999999999999999999")).toBe(true);
    expect(sequenceAfter("5", "5")).toBe(false);
  });
});

describe("a batch of signature changes", () => {
  it("means a counted signature, a pending one and a confirmation; repeats of other writes mean nothing", () => {
    const changes = changesOf([
      record("INSERT", signature("a")),
      record("INSERT", signature("b", { status: "pending", geo: undefined })),
      record("MODIFY", signature("c"), signature("c", { status: "pending", geo: undefined })),
      record("MODIFY", signature("d"), signature("d")),
    ]);
    expect(changes.map((c) => [c.kind, c.signature.id])).toEqual([
      ["counted", "a"],
      ["pending", "b"],
      ["counted", "c"],
    ]);
    // the keys and the consumer's own attributes are not the signature's
    expect(changes[0].signature).not.toHaveProperty("pk");
    expect(changes[0].signature).not.toHaveProperty(ORIGIN_ATTRIBUTE);
  });

  it("queues a share e-mail and a notice per counted signature, a link per pending one", () => {
    const changes = changesOf([record("INSERT", signature("a", { newsletterConsent: true })), record("INSERT", signature("b", { status: "pending" }))]);
    const planned = plan(changes, new Set(), true, 10);
    expect(planned.deliveries.map((d) => `${d.kind}:${d.eventId}`)).toEqual([
      "signature-share-email:a",
      "signature-notify-admin:a",
      "signature-confirmation:b",
    ]);
    expect(planned.sheet).toBe(true);
    expect(plan(changes, new Set(), false, 10).deliveries.map((d) => d.kind)).not.toContain("signature-notify-admin");
  });

  it("counts a burst of one petition into its digest instead of a notice each", () => {
    const burst = changesOf(Array.from({ length: 10 }, (_, i) => record("INSERT", signature(`s${i}`))));
    const planned = plan(burst, new Set(), true, 10);
    expect(planned.digested).toEqual(new Set(["p1"]));
    expect(planned.deliveries.filter((d) => d.kind === "signature-notify-admin")).toHaveLength(0);
    // an open digest takes even one
    expect(plan(burst.slice(0, 1), new Set(["p1"]), true, 10).digested).toEqual(new Set(["p1"]));
  });

  it("adds the batch's places in one write per place item, the same on a retry, nothing for a petition being deleted", () => {
    const records = [
      record("INSERT", signature("a", { geo: { country: "US", state: "US-CA" } })),
      record("INSERT", signature("b", { geo: { country: "US", state: "US-CA" } })),
      record("INSERT", signature("c", { geo: { country: "FR" } })),
    ];
    const items = countItems(records, new Set(), new Set());
    const updates = items.flatMap((i) => (i.Update ? [i.Update] : []));
    // the petition checked on the batch's own counter shard (no one shard checked by every batch), or the one it was read on
    const shard = String(updates[0].Key!.pk).split("#").at(-1);
    expect(items[0].ConditionCheck?.Key).toEqual({ pk: `COUNT#p1#${shard}`, sk: "COUNT" });
    expect(countItems(records, new Set(), new Set(), new Map([["p1", 0]]))[0].ConditionCheck?.Key).toEqual({ pk: "COUNT#p1#0", sk: "COUNT" });
    // the states' item and the countries' items that change: +2 CA, +2 US, +1 FR, on one shard
    expect(updates.map((u) => Object.values(u.ExpressionAttributeValues ?? {}))).toEqual([[2], [2], [1]].map((v) => expect.arrayContaining(v)));
    expect(new Set(updates.map((u) => String(u.Key!.pk).split("#").at(-1))).size).toBe(1);
    expect(countItems(records, new Set(), new Set())).toEqual(items);
    expect(countItems(records, new Set(), new Set(["p1"]))).toEqual([]);
    // a digested petition's signatures are added to its digest in the same transaction
    expect(countItems(records, new Set(["p1"]), new Set()).some((i) => String(i.Update?.Key?.pk).startsWith("MAILDIGEST#"))).toBe(true);
    expect(CONSUMER).toBe("signature-effects");
  });
});
