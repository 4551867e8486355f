export * as DomainBrake from "./domain-brake";

import { GetCommand, PutCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { getDomain } from "tldts";
import { settings } from "../config";
import { db, table } from "../db/client";
import { addToCount } from "../db/hour-count";
import { Keys } from "../db/keys";
import { forgetListings } from "./held-store";

/**
 * The velocity brake per recipient domain (docs/architecture.md "Security", H1). Random addresses at
 * one catch-all domain, typed into the site's forms, would spend the day's mail and mint "verified"
 * signatures: the mail a form causes to a typed address (`isFormMail`), to a domain outside the large
 * mailbox providers, goes out at most MAIL_DOMAIN_ALLOWANCE_PER_HOUR an hour (one conditional
 * counter write per e-mail). Past it the
 * e-mail is held, not sent and not lost: the record that caused it is kept as usual, the message
 * waits in the table (a week at most), and the administrators see the domain, how much waits and why
 * on the console, where they allow the domain (its held mail goes, and its mail is never braked again)
 * or discard what waits. Privacy links, mail to confirmed people and the administrators' own are never braked.
 */

/** Mailbox providers whose millions of users are not one owner: their mail is never braked. */
export const LARGE_PROVIDERS: ReadonlySet<string> = new Set([
  "gmail.com",
  "googlemail.com",
  "outlook.com",
  "hotmail.com",
  "live.com",
  "msn.com",
  "yahoo.com",
  "ymail.com",
  "aol.com",
  "icloud.com",
  "me.com",
  "mac.com",
  "proton.me",
  "protonmail.com",
  "gmx.com",
  "gmx.net",
  "mail.com",
  "zoho.com",
  "yandex.com",
  "comcast.net",
  "verizon.net",
  "att.net",
  "sbcglobal.net",
  "cox.net",
  "charter.net",
  "earthlink.net",
]);

/** The registrable domain of an address (`a.b.example.co.uk` → `example.co.uk`), lower case, or its host when the list knows none. */
export function domainOf(address: string): string {
  const host = address.slice(address.lastIndexOf("@") + 1).toLowerCase();
  return getDomain(host) ?? host;
}

/**
 * The mail a visitor's form causes to the address typed into it, before anyone showed they own it
 * (a kind as the mailer tags it: `guide:checklist` is `guide-checklist`). Newsletter issues, welcome
 * e-mails and petition updates go to people who confirmed or asked: never braked.
 */
const FORM_KINDS = new Set(["signature-confirmation", "signature-share", "signature-already-signed", "report-confirmation", "newsletter-confirmation"]);
export const isFormMail = (kind: string) => FORM_KINDS.has(kind) || /^guide[-:]/.test(kind);

const ALLOWED_CACHE_MS = 60_000;
const allowedCache = new Map<string, { at: number; allowed: Promise<boolean> }>();

/** Whether an administrator allowed the domain (read at most once a minute per domain by a process). */
function isAllowed(domain: string, now: number): Promise<boolean> {
  const hit = allowedCache.get(domain);
  if (hit && now - hit.at < ALLOWED_CACHE_MS) return hit.allowed;
  const allowed = db()
    .send(new GetCommand({ TableName: table(), Key: Keys.mailDomainAllowed(domain) }))
    .then((res) => Boolean(res.Item));
  allowed.catch(() => allowedCache.delete(domain));
  allowedCache.set(domain, { at: now, allowed });
  return allowed;
}

/**
 * Domains this process found over their allowance, with the hour: a count only grows within its hour,
 * so the rest of the hour's mail to them is held without asking the table again (a held e-mail costs
 * its one put, not a refused counter write besides).
 */
const overInHour = new Map<string, string>();

/** Forgets what this process knows of domains (tests; an allow in this process). */
export const forget = () => {
  allowedCache.clear();
  overInHour.clear();
  forgetListings();
};

const hourOf = (ms: number) => new Date(ms).toISOString().slice(0, 13);

/**
 * Whom a form e-mail is counted against: its recipient's domain, and the network (IPv4 /24, IPv6 /48,
 * `mailNetworkOf` in util/client-address.ts) of the visitor whose form asked for it, when known.
 */
export interface FormRecipient {
  address: string;
  network?: string;
}

/** What the brake decided for a set of addresses: the ones that may be mailed, and the held ones with what held them (a domain or a network). */
export interface Verdict {
  admitted: Set<string>;
  held: Map<string, string>;
  /** the hour it counted in, and how many admitted addresses it counted there per domain or network (for `giveBack`) */
  hour: string;
  counted: Map<string, number>;
}

/** A held source names a network by its prefix length (`203.0.113.0/24`), a domain never has a slash. */

const groupBy = (addresses: Iterable<string>, keyOf: (address: string) => string | undefined) => {
  const groups = new Map<string, string[]>();
  for (const address of addresses) {
    const key = keyOf(address);
    if (key !== undefined) groups.set(key, [...(groups.get(key) ?? []), address]);
  }
  return groups;
};

/**
 * One tier's count for one source (a domain or a network) in the hour (`addToCount`: exactly the
 * allowance is admitted in an hour, however many race).
 * Answers the held ones; notes in the verdict how many it admitted.
 */
async function countSource(source: string, addresses: string[], allowance: number, verdict: Verdict, now: number): Promise<string[]> {
  if (await isAllowed(source, now)) return [];
  const hour = verdict.hour;
  if (overInHour.get(source) === hour) return addresses;
  const total = await addToCount(Keys.mailDomainHour(source, hour), addresses.length, {
    type: "mailDomainCount",
    expiresAt: Math.floor(now / 1000) + 2 * 3600,
  });
  const before = total - addresses.length;
  const room = Math.max(0, allowance - before);
  verdict.counted.set(source, Math.min(room, addresses.length));
  // a count only grows within its hour: the rest of the hour's mail to it is held without another write
  if (before + addresses.length >= allowance) overInHour.set(source, hour);
  return addresses.slice(room);
}

/**
 * Counts form mail into the hour of its recipients' domains (outside the large providers) and of the
 * networks that asked for it: one write per domain and per network however many addresses each has
 * (a drain round's e-mails to one domain, or from one network, cost one write). An address goes only
 * when both tiers admit it; a held one names the domain that held it, else the network. The hour counts
 * what was asked for, held mail included.
 */
export async function judge(recipients: readonly (string | FormRecipient)[], now = Date.now()): Promise<Verdict> {
  const verdict: Verdict = { admitted: new Set(), held: new Map(), hour: hourOf(now), counted: new Map() };
  const networkOf = new Map<string, string | undefined>();
  for (const r of recipients) {
    const { address, network } = typeof r === "string" ? { address: r, network: undefined } : r;
    networkOf.set(address, network ?? networkOf.get(address));
  }
  const s = settings();
  const byDomain = groupBy(networkOf.keys(), (address) => {
    const domain = domainOf(address);
    return LARGE_PROVIDERS.has(domain) ? undefined : domain;
  });
  const byNetwork = groupBy(networkOf.keys(), (address) => networkOf.get(address));
  const heldBy = new Map<string, string>();
  const [domainHeld, networkHeld] = await Promise.all([
    Promise.all(
      [...byDomain].map(async ([domain, list]) => [domain, await countSource(domain, list, s.MAIL_DOMAIN_ALLOWANCE_PER_HOUR, verdict, now)] as const),
    ),
    Promise.all(
      [...byNetwork].map(async ([network, list]) => [network, await countSource(network, list, s.MAIL_NETWORK_ALLOWANCE_PER_HOUR, verdict, now)] as const),
    ),
  ]);
  for (const [network, held] of networkHeld) for (const address of held) heldBy.set(address, network);
  for (const [domain, held] of domainHeld) for (const address of held) heldBy.set(address, domain);
  for (const address of networkOf.keys()) {
    const source = heldBy.get(address);
    if (source) verdict.held.set(address, source);
    else verdict.admitted.add(address);
  }
  return verdict;
}

/**
 * Counts one e-mail of `kind` to its recipients' domains, and from the network that asked for it, in
 * this hour. Answers the domain or network over its allowance (the e-mail must be held), or undefined
 * when the e-mail may go.
 */
export async function admit(kind: string, to: readonly string[], network?: string, now = Date.now()): Promise<string | undefined> {
  if (!isFormMail(kind)) return undefined;
  const { held } = await judge(
    to.map((address) => ({ address, network })),
    now,
  );
  return held.values().next().value;
}

/**
 * Takes back what `judge` counted for the admitted addresses (a drain round that the mail budget
 * deferred sends nothing now, and judges them again when it does): one ADD per domain and network.
 */
export async function giveBack(verdict: Verdict): Promise<void> {
  await Promise.all(
    [...verdict.counted].map(async ([source, n]) => {
      if (n === 0) return;
      overInHour.delete(source);
      await db().send(
        new UpdateCommand({
          TableName: table(),
          Key: Keys.mailDomainHour(source, verdict.hour),
          UpdateExpression: "ADD asked :minus",
          ExpressionAttributeValues: { ":minus": -n },
        }),
      );
    }),
  );
}

/** An administrator allows the domain: its mail is never braked again. */
export async function allow(domain: string, by: string, now = Date.now()): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: table(),
      Item: { ...Keys.mailDomainAllowed(domain), type: "mailDomainAllowed", domain, allowedBy: by, allowedAt: new Date(now).toISOString() },
    }),
  );
  allowedCache.delete(domain);
}
