export * as HeldStore from "./held-store";

import { DeleteCommand, PutCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import { settings } from "../config";
import { db, table } from "../db/client";
import { isConditionFailure, putIf } from "../db/conditional";
import { Keys } from "../db/keys";
import { personIndex } from "../db/person-index";
import { queryCount } from "../db/query";
import { log } from "../log";
import { HELD_MAIL_DAYS } from "../policy/retention";
import { isNetwork } from "../util/client-address";
import { sortableId } from "../util/id";
import type { Message } from "./message";

/** Where the mail brake keeps what it held (domain-brake.ts decides what to hold): the e-mails, and the console's list of held domains and networks. */

/** When this process last listed each domain on the console (listing is re-asserted at most once a minute). */
const listedAt = new Map<string, number>();
const LISTING_REFRESH_MS = 60_000;
/** Forgets which domains this process listed (tests; DomainBrake.forget). */
export const forgetListings = () => listedAt.clear();

/** What a held e-mail keeps: the mailer's own message, as it would have gone. */
export type HeldMessage = Message;

/** A domain (or a network: `isNetwork`) whose mail waits, as the console lists it. */
export interface HeldDomain {
  domain: string;
  /** whether `domain` names the network the forms were sent from rather than the recipients' domain */
  network: boolean;
  held: number;
  firstHeldAt: string;
  reason: string;
}

const reasonFor = (source: string) =>
  isNetwork(source)
    ? `more than ${settings().MAIL_NETWORK_ALLOWANCE_PER_HOUR} e-mails an hour were asked for through the site's forms from this network (one ${source.endsWith("/24") ? "IPv4 /24" : "IPv6 /48"})`
    : `more than ${settings().MAIL_DOMAIN_ALLOWANCE_PER_HOUR} e-mails an hour to addresses at this domain were asked for through the site's forms`;

/**
 * Keeps the e-mail for an administrator, and lists its domain on the console (a conditional put that
 * this process repeats at most once a minute, so a domain unlisted by an administrator's discard is
 * listed again within a minute when its mail is held anew).
 */
export async function hold(domain: string, message: HeldMessage, now = Date.now()): Promise<void> {
  const id = sortableId(now);
  const key = Keys.mailHeld(domain, id);
  const [address] = message.to;
  await db().send(
    new PutCommand({
      TableName: table(),
      Item: {
        ...key,
        ...(address ? personIndex(address, "heldMail", key) : {}),
        type: "heldMail",
        domain,
        message,
        heldAt: new Date(now).toISOString(),
        expiresAt: Math.floor(now / 1000) + HELD_MAIL_DAYS * 24 * 3600,
      },
    }),
  );
  if (now - (listedAt.get(domain) ?? -Infinity) < LISTING_REFRESH_MS) return;
  const listed = await putIf({
    Item: {
      ...Keys.mailHeldDomain(domain),
      type: "heldMailDomain",
      domain,
      firstHeldAt: new Date(now).toISOString(),
      reason: reasonFor(domain),
      expiresAt: Math.floor(now / 1000) + HELD_MAIL_DAYS * 24 * 3600,
    },
    ConditionExpression: "attribute_not_exists(pk)",
  });
  if (listed) log.warn("mail held: a domain or network passed its hourly allowance", { source: domain, kind: message.kind });
  listedAt.set(domain, now);
}

/** The held e-mails of a domain, oldest first, up to `limit`. */
export async function heldOf(domain: string, limit = 100): Promise<{ key: { pk: string; sk: string }; message: HeldMessage }[]> {
  const res = await db().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: "pk = :pk",
      ExpressionAttributeValues: { ":pk": Keys.mailHeld(domain, "").pk },
      ConsistentRead: true,
      Limit: limit,
    }),
  );
  return (res.Items ?? []).map((item) => ({ key: { pk: String(item.pk), sk: String(item.sk) }, message: item.message as HeldMessage }));
}

/** How many e-mails to the domain are held. */
export async function countHeld(domain: string): Promise<number> {
  return queryCount({ TableName: table(), KeyConditionExpression: "pk = :pk", ExpressionAttributeValues: { ":pk": Keys.mailHeld(domain, "").pk } });
}

/** The domains whose mail waits for an administrator, with how much and why. */
export async function heldDomains(): Promise<HeldDomain[]> {
  const res = await db().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: "pk = :pk",
      ExpressionAttributeValues: { ":pk": Keys.mailHeldDomain("").pk },
      ConsistentRead: true,
    }),
  );
  const domains = await Promise.all(
    (res.Items ?? []).map(async (item) => ({
      domain: String(item.domain),
      network: isNetwork(String(item.domain)),
      held: await countHeld(String(item.domain)),
      firstHeldAt: String(item.firstHeldAt),
      reason: String(item.reason),
    })),
  );
  return domains.filter((d) => d.held > 0).sort((a, b) => b.held - a.held);
}

/** Deletes one held e-mail (sent on release, discarded, erased); answers whether it was still there. */
export async function removeHeld(key: { pk: string; sk: string }): Promise<boolean> {
  try {
    // conditional: of two deletions at once (two administrators' releases), exactly one answers true
    await db().send(new DeleteCommand({ TableName: table(), Key: key, ConditionExpression: "attribute_exists(pk)" }));
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/** Takes the domain off the console's list (nothing of it waits). */
export async function unlist(domain: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: table(), Key: Keys.mailHeldDomain(domain) }));
  listedAt.delete(domain);
}
