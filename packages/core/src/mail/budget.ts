export * as MailBudget from "./budget";

import { GetCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { settings, type Settings } from "../config";
import { db, table } from "../db/client";
import { fnv1a, Keys } from "../db/keys";

/**
 * The SES account's sending limits, shared by every sender (docs/architecture.md "One pacing for
 * all mail"): at most `MAIL_RATE_PER_SECOND` e-mails a second and `MAIL_DAILY_QUOTA` a day, whoever
 * sends them: the mail queue's drainer, a newsletter issue's batches, a request that mails a link.
 * `Mail.send` takes its recipients' share before each message, by the message's priority:
 *
 * - `link`: the privacy link a person is waiting for to exercise a right. Only it may use the last
 *   `MAIL_LINK_RESERVE_PER_SECOND` of each second and the same share of the day, so a surge or an
 *   issue never leaves it without a slot;
 * - `confirmation`: a pending signature's confirmation link, which counts the signature once opened.
 *   It may use everything but the link's reserve; `MAIL_CONFIRMATION_RESERVE_SHARE` of that is kept
 *   from the kinds below, so mail a stranger can cause (a newsletter confirmation to any address, a
 *   repeat's "already signed") never takes a signer's slot;
 * - `transactional`: everything else a visitor or an administrator caused (share e-mails, guides,
 *   report confirmations, newsletter confirmations, notices and digests);
 * - `bulk`: newsletter issues and petition updates (signature/updates.ts). They take no slot while the mail queue has a backlog (its drainer
 *   marks the budget busy) and stop for the day at `NEWSLETTER_DAILY_SHARE` of the quota, so a big
 *   issue never uses the whole day's quota; the rest of the issue waits for the next day.
 *
 * One item per day holds the counts (`MAILBUDGET#<scope>` / the UTC date): the current second, the
 * sends in it, the day's sends, and until when bulk mail must wait. Each take is one conditional
 * update of it (1 write unit); the first take of a second may cost one more (the update that finds
 * the second over). SES counts its quota over a rolling 24 hours, this budget over the UTC day.
 */

export type Priority = "link" | "confirmation" | "transactional" | "bulk";

const LINK_KINDS = new Set(["privacy-link"]);
const CONFIRMATION_KINDS = new Set(["signature-confirmation"]);
const BULK_KINDS = new Set(["newsletter-issue", "petition-update"]);

/** A message's priority, from its kind (the `kind` tag it is sent with). */
export const priorityOf = (kind: string): Priority =>
  LINK_KINDS.has(kind) ? "link" : CONFIRMATION_KINDS.has(kind) ? "confirmation" : BULK_KINDS.has(kind) ? "bulk" : "transactional";

export interface Ceilings {
  /** e-mails a second this priority may bring the second's count to */
  perSecond: number;
  /** … and the day's */
  perDay: number;
}

/** What each priority may use of the account's rate and quota. */
export function ceilings(
  priority: Priority,
  s: Pick<
    Settings,
    "MAIL_RATE_PER_SECOND" | "MAIL_DAILY_QUOTA" | "MAIL_LINK_RESERVE_PER_SECOND" | "MAIL_CONFIRMATION_RESERVE_SHARE" | "NEWSLETTER_DAILY_SHARE"
  > = settings(),
): Ceilings {
  const rate = s.MAIL_RATE_PER_SECOND;
  const ofDay = (perSecond: number) => Math.floor((s.MAIL_DAILY_QUOTA * perSecond) / rate);
  if (priority === "link") return { perSecond: rate, perDay: s.MAIL_DAILY_QUOTA };
  // the rest always keeps one a second (SES's sandbox allows 1 a second: no reserve then)
  const confirmations = Math.max(1, rate - s.MAIL_LINK_RESERVE_PER_SECOND);
  if (priority === "confirmation") return { perSecond: confirmations, perDay: ofDay(confirmations) };
  const perSecond = Math.max(1, Math.floor(confirmations * (1 - s.MAIL_CONFIRMATION_RESERVE_SHARE)));
  if (priority === "transactional") return { perSecond, perDay: ofDay(perSecond) };
  return { perSecond, perDay: Math.min(ofDay(perSecond), Math.floor(s.MAIL_DAILY_QUOTA * s.NEWSLETTER_DAILY_SHARE)) };
}

/** Why a send cannot go now: the priority's share of the day is used, or of every second until `until`. */
export class MailDeferred extends Error {
  override name = "MailDeferred";
  constructor(
    /** when to try again (ms since the epoch) */
    readonly until: number,
    readonly reason: "daily-quota" | "busy" | "rate" | "paused",
  ) {
    super(
      reason === "daily-quota"
        ? `this kind of mail has used its share of today's sending quota; it can go again at ${new Date(until).toISOString()}`
        : reason === "paused"
          ? "visitor e-mail is paused by the feedback breaker until an administrator resumes it (mail/breaker.ts)"
          : `no sending slot free until ${new Date(until).toISOString()} (${reason === "busy" ? "mail people are waiting for goes first" : "the account's sending rate"})`,
    );
  }
}

/** How long a take waits for a slot before it gives up with MailDeferred (a request waits least). */
const MAX_WAIT_MS: Record<Priority, number> = { link: 5_000, confirmation: 20_000, transactional: 20_000, bulk: 30_000 };
/** How long the mail queue's backlog keeps bulk mail waiting after the drainer last said so. */
export const BUSY_FOR_MS = 3_000;
const TYPE = "mailBudget";
/** A day's item is kept a day past its end (DynamoDB's TTL removes it). */
const KEEP_SECONDS = 2 * 24 * 3600;

/** Whose budget: SES's account when deployed, each local outbox directory its own (tests sharing a table). */
export const scope = () => {
  const s = settings();
  return s.MAIL_DRIVER === "outbox" ? `outbox-${fnv1a(s.OUTBOX_DIR).toString(36)}` : "ses";
};

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const nextDay = (ms: number) => Date.parse(`${dayOf(ms)}T00:00:00.000Z`) + 24 * 3600_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** What this process measured: takes, the sends they took, their conditional writes, and the writes that found no room. */
export interface Stats {
  taken: number;
  sends: number;
  writes: number;
  refused: number;
  writeUnits: number;
}
const stats: Stats = { taken: 0, sends: 0, writes: 0, refused: 0, writeUnits: 0 };
export const measured = (): Stats => ({ ...stats });

/** The second this process last saw taken: a take in it tries "same second" first, otherwise "new second". */
let lastSecond = 0;

/**
 * Takes `count` sends (a message's recipients, as SES counts them) of the budget at `priority`,
 * waiting for a free second; MailDeferred when the priority's share of the day is used, or no slot
 * comes within its wait. Answers the second (since the epoch) whose slots it took.
 */
export async function take(priority: Priority, count = 1, opts: { maxWaitMs?: number } = {}): Promise<number> {
  const limits = ceilings(priority);
  const giveUpAt = Date.now() + (opts.maxWaitMs ?? MAX_WAIT_MS[priority]);
  for (;;) {
    const now = Date.now();
    const outcome = await attempt(priority, count, limits, now);
    if (outcome === "taken") return Math.floor(now / 1000);
    if (outcome === "race") continue;
    if (outcome === "day-full") throw new MailDeferred(nextDay(now), "daily-quota");
    // a busy budget says until when; a full second frees at the next (spread a little, so waiting senders do not all write at once)
    const retryAt = outcome === "second-full" ? (Math.floor(now / 1000) + 1) * 1000 + Math.floor(Math.random() * 50) : outcome.busyUntil;
    if (retryAt > giveUpAt) throw new MailDeferred(retryAt, outcome === "second-full" ? "rate" : "busy");
    await sleep(retryAt - Date.now());
  }
}

type Attempt = "taken" | "day-full" | "second-full" | { busyUntil: number };

async function attempt(priority: Priority, count: number, limits: Ceilings, now: number): Promise<Attempt | "race"> {
  const second = Math.floor(now / 1000);
  const variants = lastSecond === second ? [sameSecond, newSecond] : [newSecond, sameSecond];
  for (const variant of variants) {
    const found = await update(variant(priority, count, limits, now), now);
    if (found === "taken") {
      stats.sends += count;
      lastSecond = second;
      return "taken";
    }
    const day = Number(found?.sent ?? 0);
    if (day + count > limits.perDay) return "day-full";
    if (priority === "bulk" && Number(found?.busyUntil ?? 0) >= now) return { busyUntil: Number(found?.busyUntil) + 1 };
    const itsSecond = Number(found?.second ?? 0);
    // this second has begun (here or elsewhere): is there room left in it?
    if (itsSecond === second && Number(found?.inSecond ?? 0) + count > limits.perSecond) return "second-full";
    if (itsSecond > second) return "second-full"; // another sender's clock is ahead: ours catches up within the second
  }
  // the other variant's condition changed between the two writes (a race): try again at once
  return "race";
}

interface Variant {
  update: string;
  condition: string;
  values: Record<string, unknown>;
}

const common = (priority: Priority, count: number, limits: Ceilings, now: number) => ({
  ":type": TYPE,
  ":n": count,
  ":second": Math.floor(now / 1000),
  ":dayRoom": limits.perDay - count,
  ":expires": Math.floor(now / 1000) + KEEP_SECONDS,
  ...(priority === "bulk" ? { ":now": now } : {}),
});
const notBusy = (priority: Priority) => (priority === "bulk" ? " AND (attribute_not_exists(busyUntil) OR busyUntil < :now)" : "");

/** The second has sends already: add to them, within the second's and the day's room. */
const sameSecond = (priority: Priority, count: number, limits: Ceilings, now: number): Variant => ({
  update: "SET #type = :type, expiresAt = if_not_exists(expiresAt, :expires) ADD inSecond :n, sent :n",
  condition: `#second = :second AND inSecond <= :secondRoom AND sent <= :dayRoom${notBusy(priority)}`,
  values: { ...common(priority, count, limits, now), ":secondRoom": limits.perSecond - count },
});

/** The first send of a second (or of the day): the second starts at this message, within the day's room. */
const newSecond = (priority: Priority, count: number, limits: Ceilings, now: number): Variant => ({
  update: "SET #type = :type, #second = :second, inSecond = :n, expiresAt = if_not_exists(expiresAt, :expires) ADD sent :n",
  condition: `(attribute_not_exists(#second) OR #second < :second) AND (attribute_not_exists(sent) OR sent <= :dayRoom)${notBusy(priority)}`,
  values: common(priority, count, limits, now),
});

/** One conditional write of the day's item: "taken", or the item as it was when the condition failed. */
async function update(variant: Variant, now: number): Promise<"taken" | Record<string, unknown> | undefined> {
  stats.writes++;
  try {
    const res = await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: Keys.mailBudget(scope(), dayOf(now)),
        UpdateExpression: variant.update,
        ConditionExpression: variant.condition,
        ExpressionAttributeNames: { "#second": "second", "#type": "type" },
        ExpressionAttributeValues: variant.values,
        ReturnValuesOnConditionCheckFailure: "ALL_OLD",
        ReturnConsumedCapacity: "TOTAL",
      }),
    );
    stats.taken++;
    stats.writeUnits += res.ConsumedCapacity?.CapacityUnits ?? 0;
    return "taken";
  } catch (err) {
    if ((err as Error).name !== "ConditionalCheckFailedException") throw err;
    stats.refused++;
    // a refused conditional write costs a write unit too (DynamoDB's documentation); the exception does not report it
    stats.writeUnits += 1;
    // the item as it was, in DynamoDB's own notation (the document client does not convert an error's item): its counts are numbers
    const item = (err as { Item?: Record<string, { N?: string }> }).Item;
    return item && Object.fromEntries(Object.entries(item).map(([name, value]) => [name, value.N === undefined ? undefined : Number(value.N)]));
  }
}

let busyMarkedAt = 0;

/**
 * The mail queue has a backlog (mail people or administrators wait for): bulk mail takes no slot
 * for the next BUSY_FOR_MS. One write a second at most per process, however often it is said.
 */
export async function markBusy(now = Date.now()): Promise<void> {
  if (now - busyMarkedAt < 1000) return;
  busyMarkedAt = now;
  stats.writes++;
  const res = await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: Keys.mailBudget(scope(), dayOf(now)),
      UpdateExpression: "SET #type = :type, busyUntil = :until, expiresAt = if_not_exists(expiresAt, :expires)",
      ExpressionAttributeNames: { "#type": "type" },
      ExpressionAttributeValues: { ":type": TYPE, ":until": now + BUSY_FOR_MS, ":expires": Math.floor(now / 1000) + KEEP_SECONDS },
      ReturnConsumedCapacity: "TOTAL",
    }),
  );
  stats.writeUnits += res.ConsumedCapacity?.CapacityUnits ?? 0;
}

/** Today's sends against the account's quota and rate, as the console's health panel shows them (one read). */
export async function today(now = Date.now()): Promise<{ sentToday: number; dailyQuota: number; perSecond: number }> {
  const s = settings();
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: Keys.mailBudget(scope(), dayOf(now)) }));
  return { sentToday: Number(Item?.sent ?? 0), dailyQuota: s.MAIL_DAILY_QUOTA, perSecond: s.MAIL_RATE_PER_SECOND };
}
