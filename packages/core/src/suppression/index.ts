export * as Suppression from "./index";

import { DeleteSuppressedDestinationCommand, SESv2Client } from "@aws-sdk/client-sesv2";
import { DeleteCommand, GetCommand, QueryCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { settings } from "../config";
import { SERVICE_TIMEOUTS, sdkRequestHandler } from "../util/sdk-http";
import { db, table } from "../db/client";
import { getMany } from "../db/batch";
import { Keys } from "../db/keys";
import { keptPersonHash } from "../db/person-index";
import { SUPPRESSION_RETENTION_YEARS, TRANSIENT_BOUNCE_WINDOW_DAYS } from "../policy/retention";
import { SuppressionListQuery, type SuppressionList, type SuppressionRow } from "./input";

export { SuppressionListQuery, SuppressionLiftInput, PersonHash, REASON_LABELS, type SuppressionList, type SuppressionRow } from "./input";

/**
 * The suppression list: addresses SES reported as undeliverable, or whose owner marked
 * our mail as spam, are never mailed again. Every send asks it first (the mail port, mail/index.ts).
 * An entry is keyed by the person's kept hash (db/person-index.ts `keptPersonHash`: an HMAC keyed by
 * AUDIT_HASH_KEY, as the audit trail names the person) and holds no address: the entry is kept for
 * years and the console shows it, so a plain hash could be tested against guessed addresses. The
 * console names the person by that hash, and an address typed into its search finds its entry. Every
 * item holds `personKeyed: true`, which tells it from an item written before, holding the plain
 * hash, that the re-keying migration (migrations/kept-person-rekey.ts) has still to move.
 *
 * - a permanent bounce (or SES's own account list refusing the address) or a complaint suppresses at
 *   once;
 * - transient bounces (mailbox full, out of office rejecting) are counted; `TRANSIENT_BOUNCE_LIMIT`
 *   of them within `TRANSIENT_WINDOW_DAYS` of each other suppress too;
 * - a suppression is kept `SUPPRESSION_RETENTION_YEARS` after the latest report (TTL).
 */
export type Reason = "bounce" | "complaint" | "transient-bounces";

/** Transient bounces that suppress an address, as listmonk's default soft-bounce count. */
export const TRANSIENT_BOUNCE_LIMIT = 3;
/** A transient bounce counts towards the limit for this long after the previous one (the privacy policy states it). */
export const TRANSIENT_WINDOW_DAYS = TRANSIENT_BOUNCE_WINDOW_DAYS;

/** A suppression is kept (TTL) this long after SES reported it, as the privacy policy states. */
const keptUntil = (at: string) => Math.floor(Date.parse(at) / 1000) + Math.round(SUPPRESSION_RETENTION_YEARS * 365.25 * 86_400);

export interface Entry {
  /** the person's kept hash (db/person-index.ts `keptPersonHash`), never the address or its plain hash */
  person: string;
  suppressed: boolean;
  /** why it is suppressed (unset while only transient bounces are counted) */
  reason?: Reason;
  /** when it was suppressed, ISO */
  at?: string;
  /** the kind of the message that caused it (signature-share, newsletter-issue, …) */
  kind?: string;
  transientBounces: number;
}

export interface Feedback {
  address: string;
  /** the kind of the message SES reports on (the message's `kind` tag) */
  kind: string;
  /** when SES saw it, ISO */
  at: string;
}

const NAMES = { "#type": "type", "#person": "person", "#suppressed": "suppressed", "#reason": "reason", "#kind": "kind", "#at": "at" };

const toEntry = (item: Record<string, unknown>): Entry => ({
  person: String(item.person),
  suppressed: item.suppressed === true,
  reason: item.reason as Reason | undefined,
  at: item.at === undefined ? undefined : String(item.at),
  kind: item.kind === undefined ? undefined : String(item.kind),
  transientBounces: Number(item.transientBounces ?? 0),
});

/** The entry for an address (or a person's kept hash), if any. */
export async function find(addressOrHash: { address: string } | { person: string }): Promise<Entry | undefined> {
  const person = "address" in addressOrHash ? keptPersonHash(addressOrHash.address) : addressOrHash.person;
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: Keys.suppression(person), ConsistentRead: true }));
  return Item ? toEntry(Item) : undefined;
}

/** Which of `addresses` are suppressed: one batched read (0.5 read unit each), whatever the count. */
export async function suppressedAmong(addresses: string[]): Promise<Set<string>> {
  if (addresses.length === 0) return new Set();
  const byPerson = new Map(addresses.map((a) => [keptPersonHash(a), a]));
  const items = await getMany(
    [...byPerson.keys()].map((person) => Keys.suppression(person)),
    { projection: "#person, #suppressed", names: { "#person": "person", "#suppressed": "suppressed" } },
  );
  return new Set(items.filter((i) => i.suppressed === true).map((i) => byPerson.get(String(i.person))!));
}

/**
 * Suppresses an address for good (a permanent bounce, a complaint). A complaint replaces a bounce's
 * reason (it is the stronger signal, and a complaint also unsubscribes); a bounce never replaces a
 * complaint. The first time suppressed stays the entry's time.
 */
export async function suppress(reason: "bounce" | "complaint", feedback: Feedback): Promise<void> {
  const person = keptPersonHash(feedback.address);
  await db()
    .send(
      new UpdateCommand({
        TableName: table(),
        Key: Keys.suppression(person),
        UpdateExpression:
          "SET #type = :type, #person = :person, personKeyed = :true, #suppressed = :true, #reason = :reason, #kind = if_not_exists(#kind, :kind), #at = if_not_exists(#at, :at), gsi1pk = :list, gsi1sk = if_not_exists(gsi1sk, :listSk), expiresAt = :kept",
        // a complaint always writes; a bounce does not overwrite a complaint
        ConditionExpression: reason === "complaint" ? undefined : "attribute_not_exists(#reason) OR #reason <> :complaint",
        ExpressionAttributeNames: NAMES,
        ExpressionAttributeValues: {
          ":type": "suppression",
          ":person": person,
          ":true": true,
          ":reason": reason,
          ":kind": feedback.kind,
          ":at": feedback.at,
          ":list": Keys.suppressionListPartition,
          ":listSk": Keys.suppressionList(feedback.at, person).gsi1sk,
          ":kept": keptUntil(feedback.at),
          ...(reason === "complaint" ? {} : { ":complaint": "complaint" }),
        },
      }),
    )
    .catch((err) => {
      if ((err as Error).name !== "ConditionalCheckFailedException") throw err;
    });
}

/**
 * Counts a transient bounce; the `TRANSIENT_BOUNCE_LIMIT`th within the window suppresses. Until
 * then the count expires `TRANSIENT_WINDOW_DAYS` after the last bounce (TTL), so a mailbox that was
 * full once a year is never suppressed.
 */
export async function countTransientBounce(feedback: Feedback): Promise<Entry> {
  const person = keptPersonHash(feedback.address);
  const expiresAt = Math.floor(Date.parse(feedback.at) / 1000) + TRANSIENT_WINDOW_DAYS * 86_400;
  let Attributes: Record<string, unknown> | undefined;
  try {
    ({ Attributes } = await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: Keys.suppression(person),
        UpdateExpression: "SET #type = :type, #person = :person, personKeyed = :true, #suppressed = :false, expiresAt = :expires ADD transientBounces :one",
        // an address suppressed already keeps its entry (and its longer expiry) as it is
        ConditionExpression: "attribute_not_exists(#suppressed) OR #suppressed = :false",
        ExpressionAttributeNames: { "#type": "type", "#person": "person", "#suppressed": "suppressed" },
        ExpressionAttributeValues: { ":type": "suppression", ":person": person, ":true": true, ":false": false, ":expires": expiresAt, ":one": 1 },
        ReturnValues: "ALL_NEW",
      }),
    ));
  } catch (err) {
    if ((err as Error).name !== "ConditionalCheckFailedException") throw err;
    return (await find({ person })) ?? { person, suppressed: false, transientBounces: 0 };
  }
  const entry = toEntry(Attributes!);
  if (entry.suppressed || entry.transientBounces < TRANSIENT_BOUNCE_LIMIT) return entry;
  await db()
    .send(
      new UpdateCommand({
        TableName: table(),
        Key: Keys.suppression(person),
        UpdateExpression: "SET #suppressed = :true, #reason = :reason, #kind = :kind, #at = :at, gsi1pk = :list, gsi1sk = :listSk, expiresAt = :kept",
        ConditionExpression: "#suppressed = :false",
        ExpressionAttributeNames: { "#suppressed": "suppressed", "#reason": "reason", "#kind": "kind", "#at": "at" },
        ExpressionAttributeValues: {
          ":true": true,
          ":false": false,
          ":reason": "transient-bounces",
          ":kind": feedback.kind,
          ":at": feedback.at,
          ":list": Keys.suppressionListPartition,
          ":listSk": Keys.suppressionList(feedback.at, person).gsi1sk,
          ":kept": keptUntil(feedback.at),
        },
      }),
    )
    .catch((err) => {
      if ((err as Error).name !== "ConditionalCheckFailedException") throw err;
    });
  return { ...entry, suppressed: true, reason: "transient-bounces", kind: feedback.kind, at: feedback.at };
}

/**
 * Lifts a suppression (an administrator's decision, or a person who asks to be mailed again), by the
 * person's kept hash. Answers whether there was one. Given the address (the person's own request),
 * SES's account-level list, the backstop, forgets it too when deployed; the console knows only the
 * hash, so an address SES itself suppressed stays on SES's list until it is removed there.
 */
export async function lift(person: string, opts: { address?: string } = {}): Promise<boolean> {
  const { Attributes } = await db().send(new DeleteCommand({ TableName: table(), Key: Keys.suppression(person), ReturnValues: "ALL_OLD" }));
  if (opts.address && settings().MAIL_DRIVER === "ses") await forgetAtSes(opts.address);
  return Attributes !== undefined;
}

let ses: SESv2Client | undefined;

async function forgetAtSes(address: string): Promise<void> {
  ses ??= new SESv2Client({ region: settings().AWS_REGION, requestHandler: sdkRequestHandler(SERVICE_TIMEOUTS) });
  try {
    await ses.send(new DeleteSuppressedDestinationCommand({ EmailAddress: address }));
  } catch (err) {
    // not on SES's list: nothing to forget
    if ((err as Error).name !== "NotFoundException") throw err;
  }
}

const toRow = (entry: Entry): SuppressionRow => ({ person: entry.person, reason: entry.reason ?? "bounce", at: entry.at ?? "", kind: entry.kind ?? "unknown" });

/**
 * The console's list: one address's entry (`email`, through its kept hash), or the suppressed addresses
 * newest first, a page at a time from the `SUPPRESSIONS` index rows.
 */
export async function list(input: SuppressionListQuery): Promise<SuppressionList> {
  const query = SuppressionListQuery.parse(input);
  if (query.email) {
    const entry = await find({ address: query.email });
    return { items: entry?.suppressed ? [toRow(entry)] : [] };
  }
  const res = await db().send(
    new QueryCommand({
      TableName: table(),
      IndexName: "gsi1",
      KeyConditionExpression: query.after ? "gsi1pk = :list AND gsi1sk < :after" : "gsi1pk = :list",
      ExpressionAttributeValues: { ":list": Keys.suppressionListPartition, ...(query.after ? { ":after": query.after } : {}) },
      ScanIndexForward: false,
      // one more than asked tells whether there is a next page
      Limit: query.limit + 1,
    }),
  );
  const items = (res.Items ?? []).map(toEntry).filter((e) => e.suppressed);
  const page = items.slice(0, query.limit).map(toRow);
  const last = page.at(-1);
  return { items: page, ...(items.length > query.limit && last ? { next: Keys.suppressionList(last.at, last.person).gsi1sk } : {}) };
}
