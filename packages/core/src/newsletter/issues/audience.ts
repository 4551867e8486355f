import { QueryCommand } from "@aws-sdk/lib-dynamodb";
import { getMany } from "../../db/batch";
import { db, table } from "../../db/client";
import { Keys } from "../../db/keys";
import { queryCount } from "../../db/query";
import type { Recipient } from "../list-mail";
import type { Addressee as MailingAddressee, AudiencePage as MailingPage } from "../../mailing/definition";

/**
 * Who an issue goes to: the confirmed subscribers on the sparse gsi2 (`NLCONFIRMED`, sorted by
 * `<confirmedAt>#<email>`), confirmed before the send began. A send walks it in pages after a cursor
 * (the last position done). gsi2 lags the table a little, so each page's subscribers are read again
 * from the table (one consistent BatchGet per 100) and whoever is no longer confirmed is left out.
 */

/** A subscriber to send to, with their place in the confirmed list (position: their gsi2 sort key). */
export interface Addressee extends Recipient, MailingAddressee {}

/** Its positions include the subscribers left out. */
export type AudiencePage = MailingPage<Addressee>;

const confirmedBefore = (until: string) => ({
  TableName: table(),
  IndexName: "gsi2",
  KeyConditionExpression: "gsi2pk = :pk AND gsi2sk < :until",
  ExpressionAttributeValues: { ":pk": Keys.newsletterConfirmedPartition, ":until": until },
});

/** Subscribers confirmed before `until` (ISO UTC), as gsi2 has them now. */
export function count(until: string): Promise<number> {
  return queryCount(confirmedBefore(until));
}

/** The email a position names: positions are `<confirmedAt ISO>#<emailNormalized>`. */
const emailAt = (position: string) => position.slice(position.indexOf("#") + 1);

/** Up to `limit` subscribers confirmed before `until`, after position `after` ("" for the start). */
export async function page(opts: { until: string; after: string; limit: number }): Promise<AudiencePage> {
  const res = await db().send(
    new QueryCommand({
      ...confirmedBefore(opts.until),
      ProjectionExpression: "gsi2sk, emailNormalized",
      Limit: opts.limit,
      ...(opts.after ? { ExclusiveStartKey: { gsi2pk: Keys.newsletterConfirmedPartition, gsi2sk: opts.after, ...Keys.newsletter(emailAt(opts.after)) } } : {}),
    }),
  );
  const listed = (res.Items ?? []).map((i) => ({ position: String(i.gsi2sk), emailNormalized: String(i.emailNormalized) }));
  const current = await stillConfirmed(listed.map((l) => l.emailNormalized));
  const addressees = listed.flatMap((l) => {
    const sub = current.get(l.emailNormalized);
    return sub ? [{ ...sub, position: l.position }] : [];
  });
  const positions = listed.map((l) => l.position);
  return { positions, addressees, next: positions.at(-1) ?? opts.after, more: res.LastEvaluatedKey !== undefined };
}

/** The subscribers of `emails` that are confirmed (and hold an unsubscribe token) right now, by e-mail. */
async function stillConfirmed(emails: string[]): Promise<Map<string, Omit<Addressee, "position">>> {
  const found = new Map<string, Omit<Addressee, "position">>();
  const items = await getMany(
    emails.map((e) => Keys.newsletter(e)),
    { consistent: true, projection: "email, emailNormalized, #status, unsubscribeToken", names: { "#status": "status" } },
  );
  for (const item of items) {
    if (item.status !== "confirmed" || typeof item.unsubscribeToken !== "string") continue;
    found.set(String(item.emailNormalized), {
      email: String(item.email),
      emailNormalized: String(item.emailNormalized),
      unsubscribeToken: item.unsubscribeToken,
    });
  }
  return found;
}
