import { randomUUID } from "node:crypto";
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { describe, expect, it } from "vitest";
import { settings } from "@site/core/config";
import { db, table } from "@site/core/db/client";
import { Keys } from "@site/core/db/keys";
import { EffectInProgress, Idempotency } from "@site/core/idempotency";
import { Mail } from "@site/core/mail";
import { listOutbox } from "@site/core/mail/outbox";
import { leaseMs } from "../../packages/functions/src/lib/events";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const LEASE = { leaseMs: 1500 };

/** A real effect: one message in the mail outbox, addressed so the test can count it. */
const mailTo = (to: string) => () => Mail.send({ to: [to], subject: "effect", text: "effect", html: "effect" });
const mailsTo = async (to: string) => (await listOutbox(settings().OUTBOX_DIR)).filter((m) => m.to.includes(to));
const marker = async (subscriber: string, eventId: string) =>
  (await db().send(new GetCommand({ TableName: table(), Key: Keys.effect(subscriber, eventId), ConsistentRead: true }))).Item;
async function until<T>(probe: () => Promise<T | undefined>): Promise<T> {
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    await sleep(20);
  }
}
/** An attempt that never comes back, as a Lambda killed at its timeout or a process that crashed. */
const crashed = () => new Promise<void>(() => {});

describe("Idempotency.once, a lease", () => {
  it("claimed then crashed: a retry after the lease expired sends it, exactly once", async () => {
    const eventId = randomUUID();
    const to = `crash-${eventId}@example.com`;
    void Idempotency.once("test-crash", eventId, crashed, LEASE);
    const claim = await until(() => marker("test-crash", eventId));
    expect(claim).toMatchObject({ state: "running" });

    // while the dead attempt's lease lives, a retry is refused (to be retried), not skipped
    await expect(Idempotency.once("test-crash", eventId, mailTo(to), LEASE)).rejects.toBeInstanceOf(EffectInProgress);
    expect(await mailsTo(to)).toHaveLength(0);

    await sleep(claim.inProgressUntil - Date.now() + 10);
    await expect(Idempotency.once("test-crash", eventId, mailTo(to), LEASE)).resolves.toBe("ran");
    await expect(Idempotency.once("test-crash", eventId, mailTo(to), LEASE)).resolves.toBe("skipped");
    expect(await mailsTo(to)).toHaveLength(1);
    expect(await marker("test-crash", eventId)).toMatchObject({ state: "completed" });
  });

  it("a duplicate during a live attempt throws EffectInProgress with the time left, and does not run the effect", async () => {
    const eventId = randomUUID();
    let release!: () => void;
    const first = Idempotency.once("test-live", eventId, () => new Promise<void>((r) => (release = r)), { leaseMs: 5000 });
    await until(() => marker("test-live", eventId));
    let ranTwice = false;
    const duplicate = await Idempotency.once("test-live", eventId, async () => void (ranTwice = true), { leaseMs: 5000 }).catch((e) => e);
    expect(duplicate).toBeInstanceOf(EffectInProgress);
    expect(duplicate.retryInMs).toBeGreaterThan(4000);
    expect(ranTwice).toBe(false);
    release();
    await expect(first).resolves.toBe("ran");
    await expect(Idempotency.once("test-live", eventId, async () => void (ranTwice = true), { leaseMs: 5000 })).resolves.toBe("skipped");
    expect(ranTwice).toBe(false);
  });

  it("a failed effect releases the lease at once, so the next attempt runs it", async () => {
    const eventId = randomUUID();
    const to = `fail-${eventId}@example.com`;
    await expect(Idempotency.once("test-fail", eventId, () => Promise.reject(new Error("SES is down")), { leaseMs: 60_000 })).rejects.toThrow("SES is down");
    expect(await marker("test-fail", eventId)).toBeUndefined();
    await expect(Idempotency.once("test-fail", eventId, mailTo(to), { leaseMs: 60_000 })).resolves.toBe("ran");
    expect(await mailsTo(to)).toHaveLength(1);
  });

  it("an attempt whose lease was taken over does not release the new owner's lease when it fails late", async () => {
    const eventId = randomUUID();
    let failLate!: (e: Error) => void;
    const slow = Idempotency.once("test-takeover", eventId, () => new Promise<void>((_, reject) => (failLate = reject)), { leaseMs: 200 });
    const old = await until(() => marker("test-takeover", eventId));
    await sleep(old.inProgressUntil - Date.now() + 10);
    let releaseNew!: () => void;
    const takeover = Idempotency.once("test-takeover", eventId, () => new Promise<void>((r) => (releaseNew = r)), { leaseMs: 5000 });
    await until(async () => ((await marker("test-takeover", eventId))?.inProgressUntil > Date.now() + 1000 ? true : undefined));
    failLate(new Error("timed out"));
    await expect(slow).rejects.toThrow("timed out");
    expect(await marker("test-takeover", eventId)).toMatchObject({ state: "running" });
    releaseNew();
    await expect(takeover).resolves.toBe("ran");
  });

  it("leases outlive each subscriber's timeout", () => {
    expect(leaseMs("signature-repeated-email")).toBeGreaterThan(10_000);
    expect(leaseMs("signature-sheet-sync")).toBeGreaterThan(900_000);
    expect(() => leaseMs("no-such-subscriber")).toThrow("unknown subscriber no-such-subscriber");
  });
});
