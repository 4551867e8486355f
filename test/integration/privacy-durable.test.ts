/**
 * A privacy request is durable (issue 39, H1): when its link cannot go at once (the day's mail is
 * used up, or SES fails), the request is stored, the link is kept due, the visitor gets the same 202
 * as always, and the scheduled mail drain sends the link as soon as the budget has room. The link is
 * kept due in the request's own transaction, so a function that dies before sending it loses nothing;
 * only a request that could not be stored gives the mailbox's daily slot back. The page's retry (same
 * idempotency key) stores nothing more and mails nothing more; an erasure's retry answers the erasure.
 */
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { resetSettings, settings } from "@site/core/config";
import { db } from "@site/core/db/client";
import { Mail } from "@site/core/mail";
import { MailBudget } from "@site/core/mail/budget";
import { listOutbox } from "@site/core/mail/outbox";
import { Keys } from "@site/core/db/keys";
import { queryPages } from "@site/core/db/query";
import { IMMEDIATE_SEND_MS } from "@site/core/privacy/requests-link-sending";
import { LINKS_PER_ADDRESS_PER_DAY, openLink, readRequest, request } from "@site/core/privacy/requests";
import { statusOf } from "@site/core/privacy/listing";
import { handler as privacyRequest } from "../../packages/functions/src/http/privacy-request";
import { handler as privacyErase, routeWith as eraseWith } from "../../packages/functions/src/http/privacy-erase";
import { handler as erasureStatus } from "../../packages/functions/src/http/privacy-erasure-status";
import { handler as drainSchedule } from "../../packages/functions/src/jobs/mail-queue-drain";
import { call, httpEvent } from "../support/http";
import { useOwnTable } from "../support/table-snapshot";

const run = randomUUID().slice(0, 8);
let n = 0;
const address = () => `durable-${run}-${++n}@example.com`;
const ask = (email: string, headers: Record<string, string> = {}) =>
  call(privacyRequest, httpEvent({ method: "POST", body: { email }, sourceIp: `10.39.1.${n}`, headers }));
const erase = (token: string, headers: Record<string, string> = {}, route = privacyErase) =>
  call(route, httpEvent({ method: "POST", body: { token }, sourceIp: `10.39.2.${n}`, headers }));
const statusOfErasure = (statusToken: string) => call(erasureStatus, httpEvent({ method: "POST", body: { statusToken }, sourceIp: `10.39.3.${n}` }));
const newKey = () => randomUUID().replace(/-/g, "");

let root: string;
beforeAll(async () => {
  await useOwnTable("privacy-durable");
  root = settings().OUTBOX_DIR;
});
/** Each test its own outbox, so its own mail budget (scoped by destination). */
beforeEach(() => {
  vi.stubEnv("OUTBOX_DIR", join(root, "..", `durable-${randomUUID()}`));
  vi.stubEnv("PRIVACY_RATE_LIMIT_PER_MINUTE", "1000");
  resetSettings();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  resetSettings();
});

const linksTo = async (email: string) =>
  (await listOutbox(settings().OUTBOX_DIR))
    .filter((m) => m.kind === "privacy-link" && m.to.includes(email))
    .map((m) => /\/my-data\?token=([A-Za-z0-9_-]{43})/.exec(m.text)![1]);

/** The links kept due. */
async function due(): Promise<number> {
  let n = 0;
  for await (const page of queryPages({
    TableName: settings().TABLE_NAME,
    KeyConditionExpression: "pk = :pk",
    ExpressionAttributeValues: { ":pk": Keys.privacyLinksDuePartition() },
    ConsistentRead: true,
  }))
    n += page.Items?.length ?? 0;
  return n;
}

/** Spends the whole day: every priority, the privacy link's too. */
async function spendTheDay(quota: number) {
  vi.stubEnv("MAIL_DAILY_QUOTA", String(quota));
  resetSettings();
  for (let i = 0; i < quota; i++) await MailBudget.take("link");
}

describe("a privacy request whose link cannot go at once", () => {
  it("is answered 202 when the day's mail is used up, and its link goes with the next drain once there is room, valid its whole period from then", async () => {
    await spendTheDay(3);
    const email = address();
    const res = await ask(email);
    expect(res.statusCode, JSON.stringify(res.body)).toBe(202);
    expect(res.body).toEqual({ status: "sent" });
    expect(await linksTo(email)).toEqual([]);
    expect(await due()).toBe(1);
    // while the day is used up, the drain leaves it due
    expect(await drainSchedule()).toMatchObject({ privacyLinks: 0 });
    expect(await due()).toBe(1);

    // the foundation's quota has room again (a new day, or a raised quota): the scheduled drain sends it
    vi.stubEnv("MAIL_DAILY_QUOTA", "10");
    resetSettings();
    expect(await drainSchedule()).toMatchObject({ privacyLinks: 1 });
    const [token] = await linksTo(email);
    expect(token).toBeDefined();
    expect(await due()).toBe(0);
    const opened = await openLink(token);
    expect(opened.email).toBe(email);
    const req = await readRequest(opened.requestId);
    expect(req && statusOf(req)).toBe("pending");
    expect(req?.validUntil).toBe(opened.validUntil);
  });

  it("is kept when SES fails, and sent once by the scheduled drain", async () => {
    const email = address();
    const send = vi.spyOn(Mail, "send").mockRejectedValueOnce(Object.assign(new Error("SES is unavailable"), { name: "ServiceUnavailable" }));
    const res = await ask(email);
    expect(res.statusCode, JSON.stringify(res.body)).toBe(202);
    expect(send).toHaveBeenCalledTimes(1);
    expect(await linksTo(email)).toEqual([]);
    await drainSchedule();
    await drainSchedule();
    expect(await linksTo(email)).toHaveLength(1);
  });

  it("gives the mailbox's slot back when its request and link could not be stored, so the person keeps every try", async () => {
    const email = address();
    vi.spyOn(Mail, "send").mockRejectedValue(new Error("SES is unavailable"));
    const client = db();
    const real = client.send.bind(client);
    // keeping it due fails too: nothing can carry the link
    const keeping = (command: { input?: unknown }) => JSON.stringify(command.input ?? {}).includes("privacyLinkDue");
    vi.spyOn(client, "send").mockImplementation(((command: { input?: unknown }, ...rest: unknown[]) =>
      keeping(command) ? Promise.reject(new Error("DynamoDB is unavailable")) : (real as (...a: unknown[]) => unknown)(command, ...rest)) as never);
    for (let i = 0; i < LINKS_PER_ADDRESS_PER_DAY + 1; i++) expect((await ask(email)).statusCode).toBe(500);
    vi.restoreAllMocks();

    // every try was given back: the next one still mails a link
    expect((await ask(email)).statusCode).toBe(202);
    expect(await linksTo(email)).toHaveLength(1);
  });

  it("is sent by the drain, once, when the function that stored it died before sending it", async () => {
    const email = address();
    // the request stored, then nothing: the function timed out or crashed before its link went
    await request(email);
    expect(await due()).toBe(1);
    // within the minute the request's function may still be sending it: the drain leaves it
    expect(await drainSchedule()).toMatchObject({ privacyLinks: 0 });
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + IMMEDIATE_SEND_MS + 1000 });
    try {
      expect(await drainSchedule()).toMatchObject({ privacyLinks: 1 });
      expect(await drainSchedule()).toMatchObject({ privacyLinks: 0 });
    } finally {
      vi.useRealTimers();
    }
    expect(await linksTo(email)).toHaveLength(1);
    expect(await due()).toBe(0);
  });

  it("stores one request and mails one link when the page retries it with its idempotency key", async () => {
    const email = address();
    const key = newKey();
    expect((await ask(email, { "idempotency-key": key })).statusCode).toBe(202);
    const retry = await ask(email, { "idempotency-key": key });
    expect([retry.statusCode, retry.body]).toEqual([202, { status: "sent" }]);
    expect(await linksTo(email)).toHaveLength(1);
    expect(await due()).toBe(0);
    // another key is another request, as before: a second link
    expect((await ask(email, { "idempotency-key": newKey() })).statusCode).toBe(202);
    expect(await linksTo(email)).toHaveLength(2);
  });
});

describe("an erasure retried with its idempotency key", () => {
  it("answers the erasure that happened, not 'link used'; another key still finds the link used", async () => {
    const email = address();
    expect((await ask(email)).statusCode).toBe(202);
    const [token] = await linksTo(email);
    const key = newKey();
    const first = await erase(token, { "idempotency-key": key });
    expect(first.statusCode, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toHaveProperty("erased");

    const retry = await erase(token, { "idempotency-key": key });
    expect([retry.statusCode, retry.body]).toEqual([200, first.body]);
    const other = await erase(token, { "idempotency-key": newKey() });
    expect(other.statusCode).toBe(400);
  });

  it("run as a job, answers its progress with a fresh status token, and the lost first token no longer opens it", async () => {
    const email = address();
    expect((await ask(email)).statusCode).toBe(202);
    const [token] = await linksTo(email);
    const key = newKey();
    // every erasure a job (the threshold below any count); no subscriber runs here, so it stays in progress
    const asJob = eraseWith({ jobAbove: -1 });
    const first = await erase(token, { "idempotency-key": key }, asJob);
    expect(first.body).toMatchObject({ status: "erasing", statusToken: expect.any(String) });

    const retry = await erase(token, { "idempotency-key": key }, asJob);
    expect(retry.statusCode, JSON.stringify(retry.body)).toBe(200);
    expect(retry.body).toMatchObject({ status: "erasing", progress: first.body.progress, statusToken: expect.any(String) });
    expect(retry.body.statusToken).not.toBe(first.body.statusToken);
    expect((await statusOfErasure(retry.body.statusToken)).statusCode).toBe(200);
    expect((await statusOfErasure(first.body.statusToken)).statusCode).not.toBe(200);
  });
});
