export * as MailBreaker from "./breaker";

import { GetCommand, QueryCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { settings } from "../config";
import { db, table } from "../db/client";
import { Keys } from "../db/keys";
import { log } from "../log";
import { scope } from "./budget";

/**
 * The feedback circuit breaker (docs/architecture.md "Security", H1). SES reviews an account whose
 * bounce rate passes 5 % or whose complaint rate passes 0.1 %, and may pause it: a paused account
 * sends nothing, privacy links included. Anyone can type non-existent or complaining addresses into
 * the site's forms, so the outcomes of visitor-addressed mail are counted per hour (SES's delivery,
 * bounce and complaint events, through the mail-feedback subscriber), and once the window's rate
 * passes MAIL_BREAKER_BOUNCE_RATE or MAIL_BREAKER_COMPLAINT_RATE over at least
 * MAIL_BREAKER_MIN_SENDS sends, the breaker opens: visitor-addressed mail waits (MailDeferred
 * "paused": queued mail stays queued, a subscriber's send is retried) until an administrator resumes
 * it on the console. The privacy link, the erasure's completion and the administrators' own mail go
 * on. Resuming starts a new count (an epoch), so the old bounces do not trip it again at once.
 *
 * Cost: one write per SES event of visitor mail (the hour's item of one of HEALTH_SHARDS partitions;
 * the subscriber runs per event already), one read of the window (HEALTH_SHARDS queries of at most
 * WINDOW_HOURS items) per bounce or complaint, and one read of the state per sending process every
 * STATE_CACHE_MS.
 */

/** The kinds a stranger cannot cause to a typed address, so the breaker never holds them: rights mail and the administrators'. */
const NEVER_HELD = new Set(["privacy-link", "privacy-completion"]);
const isAdministrators = (kind: string) => kind.startsWith("admin-");

/** Mail to an address a visitor typed: what the breaker counts and holds. */
export const isVisitorMail = (kind: string) => !NEVER_HELD.has(kind) && !isAdministrators(kind);

/** The hours of outcomes the rate is taken over. */
export const WINDOW_HOURS = 24;
/**
 * The hour's counts are spread over this many partitions, each event to one at random: one item
 * takes 1,000 writes a second, and an account whose SES quota is raised can get more events than that.
 */
const HEALTH_SHARDS = 4;
/** How long a process trusts the state it read: an opened breaker holds every sender within this. */
const STATE_CACHE_MS = 10_000;
/** How long held mail waits before it asks again (the drain's deferral, a subscriber's retry). */
export const HOLD_MS = 5 * 60_000;

export interface State {
  open: boolean;
  /** each resume starts a new count */
  epoch: number;
  openedAt?: string;
  /** why it opened, for the console and the administrators' e-mail */
  reason?: string;
  sends?: number;
  bounceRate?: number;
  complaintRate?: number;
  resumedAt?: string;
  resumedBy?: string;
}

export interface Counts {
  sends: number;
  bounces: number;
  complaints: number;
}

const CLOSED: State = { open: false, epoch: 0 };
let cached: { at: number; state: Promise<State> } | undefined;

/** Forgets the state this process read (tests; a resume in this process). */
export const forget = () => {
  cached = undefined;
};

export async function state(): Promise<State> {
  const res = await db().send(new GetCommand({ TableName: table(), Key: Keys.mailBreaker(scope()), ConsistentRead: true }));
  if (!res.Item) return CLOSED;
  const { pk: _pk, sk: _sk, type: _type, ...stored } = res.Item;
  return { ...CLOSED, ...stored } as State;
}

/** The state, read at most once per STATE_CACHE_MS by this process. */
export function current(now = Date.now()): Promise<State> {
  if (!cached || now - cached.at >= STATE_CACHE_MS) {
    const read = state();
    cached = { at: now, state: read };
    read.catch(() => (cached = undefined));
  }
  return cached.state;
}

/** Whether mail of this kind must wait now. */
export async function holds(kind: string): Promise<boolean> {
  return isVisitorMail(kind) && (await current()).open;
}

const hourOf = (ms: number) => new Date(ms).toISOString().slice(0, 13);

/** What one SES event of visitor mail adds to the hour's counts. */
export function outcomeOf(type: string, recipients: number, permanent: boolean): Partial<Counts> {
  if (type === "Delivery") return { sends: recipients };
  // a transient bounce is a send that did not arrive yet; only a permanent one counts against the rate, as SES's does
  if (type === "Bounce") return permanent ? { sends: recipients, bounces: recipients } : { sends: recipients };
  if (type === "Complaint") return { complaints: recipients };
  return {};
}

/**
 * Counts one SES event of visitor mail into its hour; on a bounce or complaint, opens the breaker
 * if the window's rate is over. Answers whether this event opened it.
 */
export async function count(kind: string, add: Partial<Counts>, now = Date.now()): Promise<boolean> {
  if (!isVisitorMail(kind)) return false;
  const entries = Object.entries(add).filter(([, n]) => n);
  if (!entries.length) return false;
  const { epoch, open } = await current(now);
  await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: Keys.mailHealth(scope(), epoch, Math.floor(Math.random() * HEALTH_SHARDS), hourOf(now)),
      UpdateExpression: `SET #type = :type, expiresAt = if_not_exists(expiresAt, :expires) ADD ${entries.map(([name]) => `#${name} :${name}`).join(", ")}`,
      ExpressionAttributeNames: { "#type": "type", ...Object.fromEntries(entries.map(([name]) => [`#${name}`, name])) },
      ExpressionAttributeValues: {
        ":type": "mailHealth",
        ":expires": Math.floor(now / 1000) + (WINDOW_HOURS + 24) * 3600,
        ...Object.fromEntries(entries.map(([name, n]) => [`:${name}`, n])),
      },
    }),
  );
  if (open || !(add.bounces || add.complaints)) return false;
  const counts = await windowCounts(epoch, now);
  const reason = overLimit(counts);
  return reason ? openBreaker(epoch, counts, reason, now) : false;
}

/** The outcomes counted in the window, in the epoch. */
export async function windowCounts(epoch: number, now = Date.now()): Promise<Counts> {
  const from = hourOf(now - (WINDOW_HOURS - 1) * 3600_000);
  const shards = await Promise.all(
    Array.from({ length: HEALTH_SHARDS }, async (_, shard) => {
      const res = await db().send(
        new QueryCommand({
          TableName: table(),
          KeyConditionExpression: "pk = :pk AND sk >= :from",
          ExpressionAttributeValues: { ":pk": Keys.mailHealth(scope(), epoch, shard, "").pk, ":from": from },
          ConsistentRead: true,
        }),
      );
      return res.Items ?? [];
    }),
  );
  const items = shards.flat();
  const sum = (name: keyof Counts) => items.reduce((total, item) => total + Number(item[name] ?? 0), 0);
  return { sends: sum("sends"), bounces: sum("bounces"), complaints: sum("complaints") };
}

const percent = (rate: number) => `${(rate * 100).toFixed(rate < 0.01 ? 2 : 1)} %`;

/** Why the counts open the breaker, or undefined. */
export function overLimit(counts: Counts, s = settings()): string | undefined {
  if (counts.sends < s.MAIL_BREAKER_MIN_SENDS) return undefined;
  const bounceRate = counts.bounces / counts.sends;
  const complaintRate = counts.complaints / counts.sends;
  if (bounceRate >= s.MAIL_BREAKER_BOUNCE_RATE)
    return `${percent(bounceRate)} of the last ${counts.sends} visitor e-mails bounced (the limit is ${percent(s.MAIL_BREAKER_BOUNCE_RATE)})`;
  if (complaintRate >= s.MAIL_BREAKER_COMPLAINT_RATE)
    return `${percent(complaintRate)} of the last ${counts.sends} visitor e-mails were marked as spam (the limit is ${percent(s.MAIL_BREAKER_COMPLAINT_RATE)})`;
  return undefined;
}

/** Opens it, once per epoch (a concurrent event that finds it open changes nothing). */
async function openBreaker(epoch: number, counts: Counts, reason: string, now: number): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: Keys.mailBreaker(scope()),
        UpdateExpression:
          "SET #type = :type, #open = :true, epoch = :epoch, openedAt = :at, reason = :reason, sends = :sends, bounceRate = :bounceRate, complaintRate = :complaintRate",
        ConditionExpression: "(attribute_not_exists(#open) OR #open = :false) AND (attribute_not_exists(epoch) OR epoch = :epoch)",
        ExpressionAttributeNames: { "#type": "type", "#open": "open" },
        ExpressionAttributeValues: {
          ":type": "mailBreaker",
          ":true": true,
          ":false": false,
          ":epoch": epoch,
          ":at": new Date(now).toISOString(),
          ":reason": reason,
          ":sends": counts.sends,
          ":bounceRate": counts.bounces / counts.sends,
          ":complaintRate": counts.complaints / counts.sends,
        },
      }),
    );
  } catch (err) {
    if ((err as Error).name === "ConditionalCheckFailedException") return false;
    throw err;
  }
  forget();
  log.error("visitor e-mail paused by the feedback breaker", { reason, ...counts });
  return true;
}

/** An administrator resumes visitor mail: the breaker closes and a new count begins. Answers the new state. */
export async function resume(by: string, now = Date.now()): Promise<State> {
  const res = await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: Keys.mailBreaker(scope()),
      UpdateExpression: "SET #type = :type, #open = :false, resumedAt = :at, resumedBy = :by ADD epoch :one",
      ExpressionAttributeNames: { "#type": "type", "#open": "open" },
      ExpressionAttributeValues: { ":type": "mailBreaker", ":false": false, ":at": new Date(now).toISOString(), ":by": by, ":one": 1 },
      ReturnValues: "ALL_NEW",
    }),
  );
  forget();
  const { pk: _pk, sk: _sk, type: _type, ...stored } = res.Attributes ?? {};
  return { ...CLOSED, ...stored } as State;
}
