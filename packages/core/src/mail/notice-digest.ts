export * as NoticeDigest from "./notice-digest";

import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { adminRecipients, settings } from "../config";
import { db, table } from "../db/client";
import { updateIf } from "../db/conditional";
import { addToCount } from "../db/hour-count";
import { Keys } from "../db/keys";
import { queryAll } from "../db/query";
import { log } from "../log";
// through the namespace, as visitor mail does: a test that replaces Mail.send sees this send too
import { Mail } from "./index";

/**
 * The administrators' notices of scam reports and guide requests, under a stranger's flood (security
 * review H1): the first ADMIN_NOTICES_PER_HOUR of a kind in a UTC hour go one by one; the rest are
 * only counted, and after the hour one digest says how many came and links to the console. One
 * unconditional ADD per notice on the kind's hour item, whose new total says whether this one is
 * within the allowance; the scheduled mail drain sends the digests of hours that are over. A notice
 * retried after a failed send is counted again: a digest may overstate its count by the retries,
 * never leave a record out.
 */

export const KINDS = {
  report: { noun: "scam reports", console: "/admin/scam-reports" },
  lead: { noun: "free-guide requests", console: "/admin/forms" },
} as const;
export type Kind = keyof typeof KINDS;

const HOUR = 3600;
/** How long an hour's item is kept: long enough for a drain that was down for a day to send its digest. */
const KEEP_SECONDS = 3 * 24 * HOUR;

const hourOf = (now: number) => Math.floor(now / 1000 / HOUR) * HOUR;

/** Counts one notice of `kind`; true when it is within this hour's allowance (send it), false when the hour's digest takes it. */
export async function admit(kind: Kind, now = Date.now()): Promise<boolean> {
  const hourStart = hourOf(now);
  const asked = await addToCount(Keys.noticeHour(kind, hourStart), 1, { type: "noticeHour", kind, hourStart, expiresAt: hourStart + KEEP_SECONDS });
  return asked <= settings().ADMIN_NOTICES_PER_HOUR;
}

/** The digest e-mail of `count` notices of `kind` held back in the hour from `hourStart` (epoch s). */
export function digestEmail(kind: Kind, count: number, hourStart: number) {
  const { noun, console: path } = KINDS[kind];
  const from = new Date(hourStart * 1000).toISOString().slice(0, 16).replace("T", " ");
  const to = new Date((hourStart + HOUR) * 1000).toISOString().slice(11, 16);
  const link = `${settings().SITE_URL.replace(/\/$/, "")}${path}`;
  const allowance = settings().ADMIN_NOTICES_PER_HOUR;
  const line = `${count.toLocaleString("en-US")} more ${noun} arrived between ${from} and ${to} UTC, after the ${allowance} we told you about one by one.`;
  return {
    kind: "admin-notice",
    subject: `${count.toLocaleString("en-US")} more ${noun} in one hour`,
    text: `${line}\n\nSee them in the console: ${link}`,
    html: `<p>${line}</p><p><a href="${link}">See them in the console</a></p>`,
  };
}

/**
 * Sends the digest of every hour that is over and held notices back, once: the hour's item is
 * claimed (`sentAt`) before the send and the claim removed when the send fails, so the next drain
 * tries again; an hour without held notices is left to expire. Answers how many digests went.
 */
export async function sendDue(now = Date.now()): Promise<number> {
  const to = adminRecipients();
  if (to.length === 0) return 0;
  const current = hourOf(now);
  const allowance = settings().ADMIN_NOTICES_PER_HOUR;
  const hours = await queryAll({
    TableName: table(),
    KeyConditionExpression: "pk = :pk",
    ExpressionAttributeValues: { ":pk": Keys.noticeHourPartition },
    ConsistentRead: true,
  });
  let sent = 0;
  for (const hour of hours) {
    const hourStart = Number(hour.hourStart);
    const held = Number(hour.asked) - allowance;
    if (hourStart >= current || held <= 0 || hour.sentAt || !(String(hour.kind) in KINDS)) continue;
    const key = Keys.noticeHour(String(hour.kind), hourStart);
    const claimed = await updateIf({
      Key: key,
      UpdateExpression: "SET sentAt = :now",
      ConditionExpression: "attribute_exists(pk) AND attribute_not_exists(sentAt)",
      ExpressionAttributeValues: { ":now": new Date(now).toISOString() },
    });
    if (!claimed) continue;
    try {
      await Mail.send({ to, ...digestEmail(hour.kind as Kind, held, hourStart) });
      sent += 1;
    } catch (err) {
      log.warn("notice digest not sent; the next drain tries again", { kind: String(hour.kind), hourStart, error: (err as Error).message });
      await db().send(new UpdateCommand({ TableName: table(), Key: key, UpdateExpression: "REMOVE sentAt" }));
    }
  }
  return sent;
}
