/**
 * The count cards of subscribers and of data-deletion requests come from counters kept with the
 * writes (newsletter/counts.ts, privacy/counts.ts), never from the rows: every kind of write moves
 * them, time alone takes out expired subscribers and requests past their retention, a recount from
 * the rows (`npm run job:count-backfill`) agrees, and the cards answer with room for one row in memory.
 */
import { TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Bus } from "@site/core/bus";
import { db } from "@site/core/db/client";
import { keptPersonHash } from "@site/core/db/person-index";
import { Newsletter } from "@site/core/newsletter";
import { recount as recountSubscribers } from "@site/core/newsletter/counts";
import { SubscriberListing, type Counts as SubscriberCounts } from "@site/core/newsletter/listing";
import { retentionStep } from "@site/core/newsletter/retention";
import { recount as recountRequests } from "@site/core/privacy/counts";
import type { PrivacyRequest } from "@site/core/privacy/index-item";
import { PrivacyListing } from "@site/core/privacy/listing";
import { requestWrites, whileStatus } from "@site/core/privacy/requests";
import { DELETION_LINK_SECONDS, DELETION_REQUEST_RECORD_DAYS, UNCONFIRMED_SUBSCRIBER_DAYS } from "@site/core/policy/retention";
import { sortableId } from "@site/core/util/id";
import { newToken } from "@site/core/util/token";
import { useOwnTable } from "../support/table-snapshot";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

beforeAll(async () => {
  await useOwnTable("admin-counts");
  Bus.deliverLocallyWith(() => {});
});

afterEach(() => {
  vi.useRealTimers();
});

const NO_STATUS = { unconfirmed: 0, confirmed: 0, unsubscribed: 0, bounced: 0, complained: 0 };
const NO_SOURCE = { petition: 0, "scam-report": 0, guide: 0, "unsubscribe-page": 0 };
const subscribers = (total: number, byStatus: Partial<SubscriberCounts["byStatus"]>, bySource: Partial<SubscriberCounts["bySource"]>) => ({
  total,
  byStatus: { ...NO_STATUS, ...byStatus },
  bySource: { ...NO_SOURCE, ...bySource },
});

const consent = (email: string, source: string, at = new Date().toISOString()) => Newsletter.subscribe({ email, name: "Counted Owner", source, consentAt: at });
/** What confirm() writes, through the same write path. */
const confirmNow = (email: string) =>
  Newsletter.mutate(email, (current) => ({
    next: { ...current!, status: "confirmed", confirmedAt: new Date().toISOString(), expiresAt: undefined, unsubscribeToken: newToken() },
    result: current!.unsubscribeToken,
  }));

describe("the subscribers' cards", () => {
  it("follow every write: consents, a confirmation, an unsubscribe, a re-subscribe, a complaint, a bounce, a deletion and an erasure", async () => {
    const [ana, ben] = ["ana-counted@example.com", "ben-counted@example.com"];
    expect(await SubscriberListing.counts()).toEqual(subscribers(0, {}, {}));

    await consent(ana, "petition:timeshare-reform");
    expect(await SubscriberListing.counts()).toEqual(subscribers(1, { unconfirmed: 1 }, { petition: 1 }));
    await consent(ana, "scam-report");
    await consent(ben, "lead:checklist");
    expect(await SubscriberListing.counts()).toEqual(subscribers(2, { unconfirmed: 2 }, { petition: 1, "scam-report": 1, guide: 1 }));

    await confirmNow(ana);
    expect(await SubscriberListing.counts()).toEqual(subscribers(2, { unconfirmed: 1, confirmed: 1 }, { petition: 1, "scam-report": 1, guide: 1 }));
    await Newsletter.unsubscribeByAdmin(ana);
    expect((await SubscriberListing.counts()).byStatus).toEqual({ ...NO_STATUS, unconfirmed: 1, unsubscribed: 1 });
    const token = (await Newsletter.find(ana))!.unsubscribeToken!;
    expect(await Newsletter.resubscribeByToken(token)).toBe("confirmed");
    expect(await SubscriberListing.counts()).toEqual(
      subscribers(2, { unconfirmed: 1, confirmed: 1 }, { petition: 1, "scam-report": 1, guide: 1, "unsubscribe-page": 1 }),
    );

    await Newsletter.markSuppressed(ana, "complaint", new Date().toISOString());
    await Newsletter.markSuppressed(ben, "bounce", new Date().toISOString());
    expect((await SubscriberListing.counts()).byStatus).toEqual({ ...NO_STATUS, complained: 1, bounced: 1 });
    // a consent already recorded writes nothing, and counts nothing
    const ben1 = (await Newsletter.find(ben))!.consents[0];
    expect(await consent(ben, ben1.source, ben1.at)).toBe("duplicate");

    await Newsletter.remove(ana);
    expect(await SubscriberListing.counts()).toEqual(subscribers(1, { bounced: 1 }, { guide: 1 }));
    expect(await Newsletter.erase(ben)).toBe(true);
    expect(await SubscriberListing.counts()).toEqual(subscribers(0, {}, {}));
  });

  it("agree with a recount of the rows, which sets them for a table from before the counters", async () => {
    const seeded = Array.from({ length: 12 }, (_, i) => `seeded-${i}@example.com`);
    for (const [i, email] of seeded.entries()) await consent(email, i % 2 ? "scam-report" : "lead:checklist");
    for (const email of seeded.slice(0, 5)) await confirmNow(email);
    const kept = await SubscriberListing.counts();
    expect(kept).toEqual(subscribers(12, { unconfirmed: 7, confirmed: 5 }, { "scam-report": 6, guide: 6 }));
    expect(await recountSubscribers()).toBe(12);
    expect(await SubscriberListing.counts()).toEqual(kept);
  });

  it("leave out an unconfirmed subscriber once the hour it expires in is over, with no write; the retention run and a new consent keep them right", async () => {
    // (last: the clock goes back to now after it, which the counters never see deployed)
    for (const email of Array.from({ length: 12 }, (_, i) => `seeded-${i}@example.com`)) await Newsletter.remove(email);
    expect(await SubscriberListing.counts()).toEqual(subscribers(0, {}, {}));
    const cleo = "cleo-counted@example.com";
    const dan = "dan-counted@example.com";
    await consent(cleo, "scam-report");
    await consent(dan, "petition:timeshare-reform");
    await confirmNow(dan);
    const both = subscribers(2, { unconfirmed: 1, confirmed: 1 }, { "scam-report": 1, petition: 1 });
    expect(await SubscriberListing.counts()).toEqual(both);

    const expiry = (await Newsletter.find(cleo))!.expiresAt! * 1000;
    expect(expiry).toBeGreaterThan(Date.now() + UNCONFIRMED_SUBSCRIBER_DAYS * DAY - MINUTE);
    vi.useFakeTimers({ toFake: ["Date"], now: expiry - MINUTE });
    expect(await SubscriberListing.counts()).toEqual(both);
    // the hour it expires in is over
    vi.setSystemTime(Math.ceil(expiry / HOUR) * HOUR + 1000);
    const confirmedOnly = subscribers(1, { confirmed: 1 }, { petition: 1 });
    expect(await SubscriberListing.counts()).toEqual(confirmedOnly);

    const ran = await retentionStep(new Date(), { over: () => false, ranOut: false } as never);
    expect(ran.counts.subscribersRemoved).toBe(1);
    expect(await Newsletter.find(cleo)).toBeUndefined();
    expect(await SubscriberListing.counts()).toEqual(confirmedOnly);

    // a consent after the expiry makes a new subscriber, counted once
    await consent(cleo, "lead:before-you-sign");
    expect(await SubscriberListing.counts()).toEqual(subscribers(2, { unconfirmed: 1, confirmed: 1 }, { guide: 1, petition: 1 }));
    await Newsletter.remove(cleo);
    await Newsletter.remove(dan);
    expect(await SubscriberListing.counts()).toEqual(subscribers(0, {}, {}));
  });
});

const NOW = Date.UTC(2027, 5, 15, 12, 0, 0);
const RETENTION = DELETION_REQUEST_RECORD_DAYS * DAY;

function request(requestedMs: number, status: PrivacyRequest["status"], tag: string): PrivacyRequest {
  return {
    id: sortableId(requestedMs),
    status,
    person: keptPersonHash(`${tag}@example.com`),
    personKeyed: true,
    requestedAt: new Date(requestedMs).toISOString(),
    validUntil: new Date(requestedMs + DELETION_LINK_SECONDS * 1000).toISOString(),
    downloads: 0,
    expiresAt: Math.floor(requestedMs / 1000) + DELETION_REQUEST_RECORD_DAYS * 86_400,
    ...(status !== "pending" ? { confirmedAt: new Date(requestedMs + MINUTE).toISOString() } : {}),
  };
}
const write = (req: PrivacyRequest, was?: PrivacyRequest["status"]) =>
  db().send(new TransactWriteCommand({ TransactItems: requestWrites(req, was ? whileStatus(was) : undefined) }));

describe("the deletion requests' cards", () => {
  it("follow the writes, turn a lapsed link's request to expired and leave out requests past their retention, by time alone", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: NOW });
    const cutoff = NOW - RETENTION;
    // the day the retention limit falls in: one request just past it, one just within
    const reqs = [
      request(cutoff - DAY, "completed", "long-gone"),
      request(cutoff - MINUTE, "completed", "just-gone"),
      request(cutoff + MINUTE, "completed", "just-kept"),
      request(cutoff + DAY, "pending", "kept-lapsed"),
      request(NOW - 10 * DAY, "confirmed", "confirmed"),
      request(NOW - HOUR, "pending", "live"),
    ];
    for (const req of reqs) await write(req);
    expect(await PrivacyListing.counts()).toEqual({ total: 4, byStatus: { pending: 1, expired: 1, confirmed: 1, completed: 1 } });

    // the live one is confirmed, then completed; a download changes nothing
    const live = reqs[5];
    await write({ ...live, status: "confirmed", confirmedAt: new Date().toISOString() }, "pending");
    expect(await PrivacyListing.counts()).toEqual({ total: 4, byStatus: { pending: 0, expired: 1, confirmed: 2, completed: 1 } });
    await write({ ...live, status: "completed", confirmedAt: new Date().toISOString(), completedAt: new Date().toISOString() }, "confirmed");
    await write({ ...live, status: "completed", downloads: 1 }, "completed");
    expect(await PrivacyListing.counts()).toEqual({ total: 4, byStatus: { pending: 0, expired: 1, confirmed: 1, completed: 2 } });

    const fresh = request(NOW, "pending", "fresh");
    await write(fresh);
    expect((await PrivacyListing.counts()).byStatus).toMatchObject({ pending: 1, expired: 1 });
    // a day on: the fresh link lapsed, and the two oldest kept are past their retention
    vi.setSystemTime(NOW + DELETION_LINK_SECONDS * 1000 + 1000);
    expect(await PrivacyListing.counts()).toEqual({ total: 3, byStatus: { pending: 0, expired: 1, confirmed: 1, completed: 1 } });
    // two minutes on, "just-kept" is past its retention too
    vi.setSystemTime(NOW + 2 * MINUTE);
    expect(await PrivacyListing.counts()).toEqual({ total: 4, byStatus: { pending: 1, expired: 1, confirmed: 1, completed: 1 } });

    vi.setSystemTime(NOW);
    const kept = await PrivacyListing.counts();
    expect(await recountRequests()).toBe(5);
    expect(await PrivacyListing.counts()).toEqual(kept);
  });
});
