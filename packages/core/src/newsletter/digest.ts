import { GetCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { adminRecipients, settings } from "../config";
import { db, table } from "../db/client";
import { Keys } from "../db/keys";
import { queryAll } from "../db/query";
import { escapeHtml, Mail, type Message } from "../mail";
import { newYorkDate, newYorkTime } from "../util/time";
import { sourcesOf, subscriberOf, type Subscriber } from "./subscriber";

/**
 * The administrators' newsletter notice (the spec's template 18) as a daily digest of the
 * subscribers who confirmed since the last one, not one e-mail each. The window runs from where the
 * last digest stopped (`NLDIGEST/STATE.coveredUntil`) to a few minutes ago: gsi2 is eventually
 * consistent, and a confirmation of the last seconds belongs to the next digest. A day without new
 * subscribers sends nothing.
 */
export const DIGEST_LAG_MS = 5 * 60_000;
const FIRST_WINDOW_MS = 24 * 3600_000;
const stateKey = { pk: "NLDIGEST", sk: "STATE" };

export interface DigestResult {
  from: string;
  until: string;
  subscribers: number;
  sent: boolean;
}

/** Subscribers confirmed in [from, until), from the confirmed list (gsi2), oldest first. */
export async function confirmedBetween(from: string, until: string): Promise<Subscriber[]> {
  const items = await queryAll({
    TableName: table(),
    IndexName: "gsi2",
    KeyConditionExpression: "gsi2pk = :pk AND gsi2sk BETWEEN :from AND :until",
    // "#" sorts before every character of an e-mail: `${until}#` bounds the confirmations before `until`
    ExpressionAttributeValues: { ":pk": Keys.newsletterConfirmedPartition, ":from": `${from}#`, ":until": `${until}#` },
  });
  return items.map(subscriberOf);
}

export async function sendDigest(now = Date.now()): Promise<DigestResult> {
  const state = (await db().send(new GetCommand({ TableName: table(), Key: stateKey, ConsistentRead: true }))).Item;
  const previous = state?.coveredUntil as string | undefined;
  const until = new Date(now - DIGEST_LAG_MS).toISOString();
  const from = previous ?? new Date(now - DIGEST_LAG_MS - FIRST_WINDOW_MS).toISOString();
  if (from >= until) return { from, until, subscribers: 0, sent: false };

  const subscribers = await confirmedBetween(from, until);
  const to = adminRecipients();
  const sent = subscribers.length > 0 && to.length > 0;
  if (sent) await Mail.send({ kind: "admin-newsletter-digest", to, ...digestEmail(subscribers, from, until) });
  // Moved only after the e-mail went: a failed send is retried by the next run with the same window.
  await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: stateKey,
      UpdateExpression: "SET coveredUntil = :until, #type = :type",
      ConditionExpression: previous ? "coveredUntil = :previous" : "attribute_not_exists(coveredUntil)",
      ExpressionAttributeNames: { "#type": "type" },
      ExpressionAttributeValues: { ":until": until, ":type": "newsletterDigest", ...(previous ? { ":previous": previous } : {}) },
    }),
  );
  return { from, until, subscribers: subscribers.length, sent };
}

const at = (iso: string) => `${newYorkDate(new Date(iso))} ${newYorkTime(new Date(iso))} ET`;

/** Template 18: how many confirmed, and who (name, e-mail, where they consented, when they confirmed). */
export function digestEmail(subscribers: Subscriber[], from: string, until: string): Omit<Message, "to"> {
  const list = `${settings().SITE_URL.replace(/\/$/, "")}/admin/newsletter`;
  const n = subscribers.length;
  const subject = `Newsletter: ${n} new confirmed subscriber${n === 1 ? "" : "s"}`;
  const sourcesText = (s: Subscriber) => sourcesOf(s).join(", ");
  const intro = `${n} ${n === 1 ? "person" : "people"} confirmed their newsletter subscription between ${at(from)} and ${at(until)}.`;
  const text = [
    intro,
    "",
    ...subscribers.map((s) => `- ${s.name || "(no name)"} <${s.email}>, from ${sourcesText(s)}, confirmed ${at(s.confirmedAt!)}`),
    "",
    `All subscribers: ${list}`,
  ].join("\n");
  const rows = subscribers
    .map(
      (s) =>
        `<tr><td>${escapeHtml(s.name || "(no name)")}</td><td>${escapeHtml(s.email)}</td><td>${escapeHtml(sourcesText(s))}</td><td>${escapeHtml(at(s.confirmedAt!))}</td></tr>`,
    )
    .join("\n");
  const html = [
    `<p>${escapeHtml(intro)}</p>`,
    '<table cellpadding="6" style="border-collapse:collapse"><thead><tr><th align="left">Name</th><th align="left">E-mail</th><th align="left">Sources</th><th align="left">Confirmed</th></tr></thead>',
    `<tbody>${rows}</tbody></table>`,
    `<p><a href="${escapeHtml(list)}">All subscribers</a></p>`,
  ].join("\n");
  return { subject, text, html };
}
