/**
 * One pacing for all mail. Every sender takes its slots of the account's budget (one
 * item per day in DynamoDB Local) by priority: links, then transactional mail, then newsletter
 * issues, which give way to a backlog and never take the whole day's quota.
 */
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { afterEach, beforeAll, beforeEach, expect, it, vi } from "vitest";
import { resetSettings, settings } from "@site/core/config";
import { putAll } from "@site/core/db/batch";
import { Mail } from "@site/core/mail";
import { MailBudget, MailDeferred } from "@site/core/mail/budget";
import { listOutbox } from "@site/core/mail/outbox";
import { Newsletter } from "@site/core/newsletter";
import { Issues } from "@site/core/newsletter/issues/index";
import { Outbox } from "@site/core/outbox";
import { pacer } from "@site/core/util/pacing";
import { newToken } from "@site/core/util/token";
import { handler as createIssue } from "../../packages/functions/src/http/admin-newsletter-issue-create";
import { handler as getIssue } from "../../packages/functions/src/http/admin-newsletter-issue-get";
import { handler as sendIssue } from "../../packages/functions/src/http/admin-newsletter-issue-send";
import { installLocalBus } from "../../scripts/local/bus";
import { adminClaims, asAdmin } from "../support/admin";
import { useOwnTable } from "../support/table-snapshot";

const bus = installLocalBus();
let admin: ReturnType<typeof asAdmin>;
let root: string;

beforeAll(async () => {
  await useOwnTable("mail-budget");
  root = settings().OUTBOX_DIR;
  admin = asAdmin((await adminClaims()).claims);
});

/** Each test its own outbox, so its own budget (the budget is scoped by mail destination). */
const account = (limits: { rate: number; quota?: number; reserve?: number; share?: number; confirmations?: number }) => {
  vi.stubEnv("OUTBOX_DIR", join(root, "..", `budget-${randomUUID()}`));
  vi.stubEnv("MAIL_RATE_PER_SECOND", String(limits.rate));
  vi.stubEnv("MAIL_DAILY_QUOTA", String(limits.quota ?? 50_000));
  vi.stubEnv("MAIL_LINK_RESERVE_PER_SECOND", String(limits.reserve ?? 0));
  vi.stubEnv("MAIL_CONFIRMATION_RESERVE_SHARE", String(limits.confirmations ?? 0));
  vi.stubEnv("NEWSLETTER_DAILY_SHARE", String(limits.share ?? 0.5));
  resetSettings();
};

beforeEach(() => account({ rate: 1000 }));
afterEach(() => {
  vi.unstubAllEnvs();
  resetSettings();
});

/** How many takes each second got. */
const perSecond = (seconds: number[]) => {
  const counts = new Map<number, number>();
  for (const second of seconds) counts.set(second, (counts.get(second) ?? 0) + 1);
  return [...counts.values()];
};

it("keeps every sender together under the account's rate: two senders taking at once never pass it in any second", async () => {
  account({ rate: 5 });
  const before = MailBudget.measured();
  const started = Date.now();
  const done: number[] = [];
  const sender = (n: number) => Promise.all(Array.from({ length: n }, () => MailBudget.take("transactional").then((second) => done.push(second))));
  await Promise.all([sender(8), sender(8)]);
  expect(done).toHaveLength(16);
  const counts = perSecond(done);
  expect(Math.max(...counts)).toBeLessThanOrEqual(5);
  // …and the seconds are the takers' own clock when they wrote
  expect(Math.min(...done) * 1000).toBeGreaterThanOrEqual(started - 1000);
  // 16 sends at 5 a second need at least four seconds' worth of slots
  expect(counts.length).toBeGreaterThanOrEqual(4);
  const after = MailBudget.measured();
  const writes = after.writes - before.writes;
  console.log(
    `mail budget: 16 sends by 16 concurrent takers at 5/s: ${writes} conditional writes (${(writes / 16).toFixed(2)} per e-mail), ${after.refused - before.refused} refused, ${(after.writeUnits - before.writeUnits).toFixed(1)} write units`,
  );
});

it("costs a sender that keeps its own pace (as the drainer and a newsletter batch do) about one write per e-mail", async () => {
  account({ rate: 20 });
  const before = MailBudget.measured();
  const slot = pacer(20);
  // one take after another: takes in flight together (a DynamoDB call slower than the pacer's 50 ms
  // gap, as on a loaded machine) would make this a measure of the machine, not of the budget
  for (let i = 0; i < 40; i++) {
    await slot();
    await MailBudget.take("transactional");
  }
  const after = MailBudget.measured();
  const writes = after.writes - before.writes;
  console.log(
    `mail budget: 40 sends paced at 20/s: ${writes} conditional writes (${(writes / 40).toFixed(2)} per e-mail), ${after.refused - before.refused} refused`,
  );
  expect(after.taken - before.taken).toBe(40);
  // one write per take, plus the few that find a second full (a late timer bunches the pacer's slots) or begun by another
  expect(writes).toBeLessThan(40 * 1.5);
});

it("keeps the links' reserve: when the rest has used its share of a second, a link still goes in that second", async () => {
  account({ rate: 4, reserve: 2 });
  // align to the start of a second, so the takes below share one
  await new Promise((r) => setTimeout(r, 1000 - (Date.now() % 1000) + 20));
  const second = Math.floor(Date.now() / 1000);
  await MailBudget.take("transactional");
  await MailBudget.take("transactional");
  await MailBudget.take("link");
  expect(Math.floor(Date.now() / 1000)).toBe(second);
  // the third transactional e-mail waits for the next second
  await MailBudget.take("transactional");
  expect(Math.floor(Date.now() / 1000)).toBeGreaterThan(second);
});

it("keeps the confirmations' reserve: when mail anyone can cause has used its share of a second, a signer's confirmation link still goes in it", async () => {
  // 6 a second: 2 for the privacy link, of the other 4 half kept for confirmations
  account({ rate: 6, reserve: 2, confirmations: 0.5 });
  await new Promise((r) => setTimeout(r, 1000 - (Date.now() % 1000) + 20));
  const second = Math.floor(Date.now() / 1000);
  await MailBudget.take("transactional", 2);
  await MailBudget.take("confirmation", 2);
  await MailBudget.take("link", 2);
  expect(Math.floor(Date.now() / 1000)).toBe(second);
  // a newsletter confirmation to a typed address waits for the next second; a signer's confirmation link would not have
  await MailBudget.take("transactional");
  expect(Math.floor(Date.now() / 1000)).toBeGreaterThan(second);
});

it("stops newsletter issues at their share of the day, and transactional mail at the links' reserve of it", async () => {
  account({ rate: 1000, quota: 20, reserve: 100, share: 0.5 });
  // 1000 a second with 100 for links: transactional mail may use 900/1000 of 20 = 18 a day, issues 10
  for (let i = 0; i < 10; i++) await MailBudget.take("bulk");
  const refused = await MailBudget.take("bulk").catch((err: unknown) => err);
  expect(refused).toBeInstanceOf(MailDeferred);
  expect(refused).toMatchObject({ reason: "daily-quota", until: Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`) + 86_400_000 });
  for (let i = 0; i < 8; i++) await MailBudget.take("transactional");
  await expect(MailBudget.take("transactional")).rejects.toMatchObject({ reason: "daily-quota" });
  await MailBudget.take("link");
  await MailBudget.take("link");
  await expect(MailBudget.take("link")).rejects.toMatchObject({ reason: "daily-quota" });
});

it("makes newsletter issues give way while the mail queue has a backlog; other mail goes on", async () => {
  await MailBudget.markBusy();
  await expect(MailBudget.take("bulk", 1, { maxWaitMs: 200 })).rejects.toMatchObject({ name: "MailDeferred", reason: "busy" });
  await MailBudget.take("transactional", 1, { maxWaitMs: 200 });
  // once the backlog is gone (the drainer stops saying so), the issue's e-mail gets its slot
  await MailBudget.take("bulk", 1, { maxWaitMs: MailBudget.BUSY_FOR_MS + 1000 });
});

it("counts a message's recipients, as SES does", async () => {
  account({ rate: 1000, quota: 10, reserve: 0, share: 1 });
  await Mail.send({ kind: "admin-notice", to: ["a@example.org", "b@example.org", "c@example.org"], subject: "Notice", text: "x", html: "<p>x</p>" });
  for (let i = 0; i < 7; i++) await MailBudget.take("transactional");
  await expect(Mail.send({ kind: "admin-notice", to: ["d@example.org"], subject: "Notice", text: "x", html: "<p>x</p>" })).rejects.toBeInstanceOf(MailDeferred);
  expect((await listOutbox(settings().OUTBOX_DIR)).map((m) => m.to)).toEqual([["a@example.org", "b@example.org", "c@example.org"]]);
});

const confirmed = (email: string, i: number): Newsletter.Subscriber => {
  const at = new Date(Date.now() - 86_400_000 + i * 1000).toISOString();
  return {
    email,
    emailNormalized: email,
    name: "Reader",
    status: "confirmed",
    consents: [{ source: "scam-report", at }],
    createdAt: at,
    source: "scam-report",
    consentAt: at,
    confirmedAt: at,
    unsubscribeToken: newToken(),
    rev: 1,
  };
};

it("an issue bigger than its share of the day waits, says so, and goes on by itself when the budget has room, each reader once", async () => {
  account({ rate: 1000, quota: 20, reserve: 0, share: 0.5 });
  vi.stubEnv("NEWSLETTER_BATCH_SIZE", "4");
  resetSettings();
  const run = randomUUID().slice(0, 8);
  const readers = Array.from({ length: 14 }, (_, i) => confirmed(`reader-${run}-${i}@example.com`, i));
  await putAll(readers.flatMap((s) => Newsletter.subscriberItems(s)));
  const subject = `Budget ${run}`;
  const created = await admin(createIssue, { method: "POST", path: "/api/admin/newsletter/issues", body: { subject, body: "News." } });
  const id = (created.body as Issues.Issue).id;
  const sent = async () => (await listOutbox(settings().OUTBOX_DIR)).filter((m) => m.subject === subject);

  expect((await admin(sendIssue, { method: "POST", path: `/api/admin/newsletter/issues/${id}/send`, id, body: {} })).statusCode).toBe(202);
  await bus.idle();
  // 10 of 20 a day are the newsletter's: the other 4 wait for the next day
  expect(await sent()).toHaveLength(10);
  const waiting = (await admin(getIssue, { path: `/api/admin/newsletter/issues/${id}`, id })).body as Issues.Issue;
  expect(waiting).toMatchObject({ status: "sending", counts: { sent: 10, failed: 0 } });
  expect(waiting.waitingReason).toMatch(/used their share of today's sending quota.*continues by itself/);
  expect(Date.parse(waiting.waitingUntil!)).toBeGreaterThan(Date.now());

  // its next batch waits in the outbox, not on the bus, until the wait is over
  expect(await Outbox.sweep()).toEqual({ republished: 0, failed: 0 });
  // the foundation raises its quota (as the next day would): the sweeper hands the batch over once its time has come
  vi.stubEnv("MAIL_DAILY_QUOTA", "40");
  resetSettings();
  const swept = await Outbox.sweep({ now: Date.parse(waiting.waitingUntil!) + 61_000 });
  expect(swept.republished).toBeGreaterThanOrEqual(1);
  await bus.idle();
  const issue = (await admin(getIssue, { path: `/api/admin/newsletter/issues/${id}`, id })).body as Issues.Issue;
  expect(issue).toMatchObject({ status: "sent", counts: { recipients: 14, sent: 14, failed: 0 } });
  expect(issue.waitingReason).toBeUndefined();
  const mail = await sent();
  expect(mail).toHaveLength(14);
  expect(new Set(mail.map((m) => m.to[0])).size).toBe(14);
});
