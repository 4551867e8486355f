export * as RateLimit from "./index";

import { createHash } from "node:crypto";
import { GetCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { db, table } from "../db/client";
import { Keys } from "../db/keys";
import { canonicalMailbox } from "../util/email";
import { VisibleError } from "../util/error";
import { RATE_WINDOW_SECONDS } from "../policy/retention";
import { Captcha } from "../captcha";
import { rateLimitNetwork, rateLimitSubject } from "../util/client-address";

export class TooManyAttempts extends VisibleError {
  constructor() {
    super(429, "rate.limited", "Too many attempts. Please wait a minute and try again.");
  }
}

/**
 * A fixed one-minute window per subject, counted atomically in DynamoDB so every Lambda instance
 * shares it; the window item expires through the table's TTL. `hit` is the conditional update that
 * counts one attempt and fails once the limit is reached: alone via `consume`, or as one item of a
 * caller's transaction so a successful write costs one round trip.
 */
export function hit(scope: string, subject: string, perMinute: number) {
  const windowStart = Math.floor(Date.now() / 60_000) * 60;
  return windowHit(scope, subject, windowStart, perMinute, windowStart + RATE_WINDOW_SECONDS);
}

/** One attempt counted in the subject's window starting at `windowStart` (epoch s), refused at `limit`. */
function windowHit(scope: string, subject: string, windowStart: number, limit: number, expiresAt: number) {
  return {
    TableName: table(),
    Key: Keys.rateWindow(scope, subject, windowStart),
    UpdateExpression: "ADD hits :one SET expiresAt = :exp",
    ConditionExpression: "attribute_not_exists(hits) OR hits < :limit",
    ExpressionAttributeValues: { ":one": 1, ":limit": limit, ":exp": expiresAt },
  };
}

export async function consume(scope: string, subject: string, perMinute: number): Promise<void> {
  try {
    await db().send(new UpdateCommand(hit(scope, subject, perMinute)));
  } catch (err) {
    if ((err as Error).name === "ConditionalCheckFailedException") throw new TooManyAttempts();
    throw err;
  }
}

/**
 * Clients of one IPv6 /48 that may use a route at their full per-client rate at the same time: the
 * network's own window allows `perMinute × NETWORK_CLIENTS` (security review M2).
 */
export const NETWORK_CLIENTS = 16;

/** The scope of a network's window beside a client scope's. */
export const networkScope = (scope: string) => `${scope}:net`;

/**
 * Counts one attempt of the visitor at `ipAddress` against its client's window (an IPv4 address, an
 * IPv6 /64) and, for IPv6, its /48's (NETWORK_CLIENTS × the limit), in parallel: an IPv6 request
 * costs one more write, an IPv4 one nothing more. 429 when either is full.
 */
export async function consumeClient(scope: string, ipAddress: string, perMinute: number): Promise<void> {
  const network = rateLimitNetwork(ipAddress);
  const counted = await Promise.allSettled([
    consume(scope, rateLimitSubject(ipAddress), perMinute),
    ...(network ? [consume(networkScope(scope), network, perMinute * NETWORK_CLIENTS)] : []),
  ]);
  const failed = counted.find((c) => c.status === "rejected");
  if (failed) throw failed.reason;
}

/** The IPv6 /48 window of `consumeClient` alone: for a route whose client window is counted in a transaction. */
export async function consumeNetwork(scope: string, ipAddress: string, perMinute: number): Promise<void> {
  const network = rateLimitNetwork(ipAddress);
  if (network) await consume(networkScope(scope), network, perMinute * NETWORK_CLIENTS);
}

/** Throws when the subject has no attempts left, without counting one (a cheap read). */
export async function check(scope: string, subject: string, perMinute: number): Promise<void> {
  const { Key } = hit(scope, subject, perMinute);
  const res = await db().send(new GetCommand({ TableName: table(), Key, ProjectionExpression: "hits" }));
  if (Number(res.Item?.hits ?? 0) >= perMinute) throw new TooManyAttempts();
}

/**
 * Records a stranger can attach to one mailbox a day (scam reports and guide requests together; a
 * mailbox signs each petition once): without it, anyone could file thousands under a victim's address
 * and swell what the victim's /my-data must read, list and download (security review N15).
 */
export const MAILBOX_RECORDS_PER_DAY = 10;

export class TooManyForMailbox extends VisibleError {
  constructor() {
    super(429, "rate.mailbox", "Too many submissions with this e-mail address today. Please try again tomorrow.");
  }
}

/**
 * The conditional update that counts one record naming `email`'s mailbox (case, `+tag` and, at Gmail,
 * dots folded) in this UTC day, refused once MAILBOX_RECORDS_PER_DAY are counted: one item of the
 * record's own transaction. Keyed by a hash of the mailbox, kept two days.
 */
export function mailboxHit(email: string) {
  const dayStart = Math.floor(Date.now() / 86_400_000) * 86_400;
  // any domain's `+tag` folded too: for a cap, counting two people's mailboxes as one only errs on the safe side
  const mailbox = canonicalMailbox(email).replace(/\+[^@]*@/, "@");
  const subject = createHash("sha256").update(mailbox).digest("base64url");
  return windowHit("mailbox-day", subject, dayStart, MAILBOX_RECORDS_PER_DAY, dayStart + 2 * 86_400);
}

/** A public form's admission: its rate windows and its captcha (`admitForm`). */
export interface FormAdmission {
  scope: string;
  perMinute: number;
  ipAddress: string;
  captchaToken?: string;
  captchaAction: string;
  /**
   * Where the client's window is counted: `"here"`, on its own write; `"transaction"`, in the
   * record's own transaction (a report's, a guide request's), so here it is only read.
   */
  clientWindow: "here" | "transaction";
}

/**
 * The one rule every public form follows before it writes (the sign, report and guide routes): the
 * client's window first (counted, or read when the record's transaction counts it), then the IPv6
 * /48's, then the captcha, so an attempt over a limit costs the captcha service nothing. Answers the
 * client the record's transaction counts under. 429 past a limit, 400 for a failed captcha.
 */
export async function admitForm(form: FormAdmission): Promise<string> {
  const client = rateLimitSubject(form.ipAddress);
  if (form.clientWindow === "here") await consumeClient(form.scope, form.ipAddress, form.perMinute);
  else {
    if (Captcha.enabled()) await check(form.scope, client, form.perMinute);
    await consumeNetwork(form.scope, form.ipAddress, form.perMinute);
  }
  await Captcha.verify(form.captchaToken, form.captchaAction, form.ipAddress);
  return client;
}
