import { createHash } from "node:crypto";
import { DeleteCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { db, table } from "../db/client";
import { isConditionFailure } from "../db/conditional";
import { expiresIn } from "../db/keys";
import { queryPages } from "../db/query";
import { NEWSLETTER_DELIVERY_DAYS } from "../policy/retention";
import type { MailingCounts } from "./summary";

/**
 * One item per recipient per mailing (`NLDELIVERY#<issueId>` / `<SHA-256 of emailNormalized>` for a
 * newsletter issue; a petition update's partition is its own, db/keys.ts), claimed with a
 * conditional write BEFORE the e-mail goes out, so no one gets a mailing twice. Every function takes
 * the mailing's delivery partition (`Mailing.deliveries`):
 *
 *   (none) ──claim──► claimed ──sent──► sent
 *                        └──────failed──► failed ──claimed again by a resume──► claimed …
 *
 * A delivery left "claimed" (the sender died between the claim and the record of the outcome) may
 * or may not have gone out. It is never tried again: never twice wins over at least once, and it
 * counts as failed. An explicit failure (the mailer refused, so SES did not take it) is tried again
 * by the next resume: such failures are mostly the mailer's (throttled, quota, network), not the
 * address's. After MAX_ATTEMPTS it stays failed and the send moves on, so no address can hold a
 * send up for ever.
 */

export const MAX_ATTEMPTS = 3;
/** Long enough to resume any paused send. */
const KEEP_FOR_SECONDS = NEWSLETTER_DELIVERY_DAYS * 24 * 3600;

export type Claim = "new" | "retry" | "taken";

/**
 * A delivery in a mailing's delivery partition, keyed by the SHA-256 of the address, so a year of
 * delivery records holds no one's e-mail.
 */
export const deliveryKey = (partition: string, emailNormalized: string) => ({
  pk: partition,
  sk: createHash("sha256").update(emailNormalized).digest("base64url"),
});

export async function claim(partition: string, emailNormalized: string): Promise<Claim> {
  try {
    const res = await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: deliveryKey(partition, emailNormalized),
        UpdateExpression: "SET #type = :type, #state = :claimed, claimedAt = :now, expiresAt = :expires ADD attempts :one REMOVE #error",
        ConditionExpression: "attribute_not_exists(pk) OR (#state = :failed AND attempts < :max)",
        ExpressionAttributeNames: { "#type": "type", "#state": "state", "#error": "error" },
        ExpressionAttributeValues: {
          ":type": "newsletterDelivery",
          ":claimed": "claimed",
          ":failed": "failed",
          ":now": new Date().toISOString(),
          ":expires": expiresIn(KEEP_FOR_SECONDS),
          ":one": 1,
          ":max": MAX_ATTEMPTS,
        },
        ReturnValues: "UPDATED_OLD",
      }),
    );
    return res.Attributes?.state === "failed" ? "retry" : "new";
  } catch (err) {
    if (isConditionFailure(err)) return "taken";
    throw err;
  }
}

async function settle(partition: string, emailNormalized: string, update: string, values: Record<string, unknown>) {
  await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: deliveryKey(partition, emailNormalized),
      UpdateExpression: update,
      ConditionExpression: "#state = :claimed",
      ExpressionAttributeNames: { "#state": "state", "#error": "error" },
      ExpressionAttributeValues: { ":claimed": "claimed", ...values },
    }),
  );
}

export const markSent = (partition: string, emailNormalized: string) =>
  settle(partition, emailNormalized, "SET #state = :sent, sentAt = :now REMOVE #error", { ":sent": "sent", ":now": new Date().toISOString() });

export const markFailed = (partition: string, emailNormalized: string, reason: string) =>
  settle(partition, emailNormalized, "SET #state = :failed, failedAt = :now, #error = :reason", {
    ":failed": "failed",
    ":now": new Date().toISOString(),
    ":reason": reason.slice(0, 500),
  });

/**
 * The mail budget had no slot for it (mail/budget.ts), so the e-mail did not go: the claim is given
 * back as it was (a first claim removed, a retried one failed again with its attempt uncounted).
 */
export async function release(partition: string, emailNormalized: string, claimed: Exclude<Claim, "taken">): Promise<void> {
  const key = deliveryKey(partition, emailNormalized);
  const condition = { ConditionExpression: "#state = :claimed", ExpressionAttributeNames: { "#state": "state" } };
  if (claimed === "new") {
    await db().send(new DeleteCommand({ TableName: table(), Key: key, ...condition, ExpressionAttributeValues: { ":claimed": "claimed" } }));
    return;
  }
  await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: key,
      UpdateExpression: "SET #state = :failed ADD attempts :less",
      ...condition,
      ExpressionAttributeValues: { ":claimed": "claimed", ":failed": "failed", ":less": -1 },
    }),
  );
}

/** The exact counts, from the deliveries themselves (a claim left unsettled counts as failed). */
export async function tally(partition: string): Promise<MailingCounts> {
  const counts: MailingCounts = { recipients: 0, sent: 0, failed: 0 };
  const pages = queryPages({
    TableName: table(),
    KeyConditionExpression: "pk = :pk",
    ExpressionAttributeValues: { ":pk": partition },
    ProjectionExpression: "#state",
    ExpressionAttributeNames: { "#state": "state" },
    ConsistentRead: true,
  });
  for await (const page of pages) {
    for (const item of page.Items ?? []) {
      counts.recipients++;
      if (item.state === "sent") counts.sent++;
      else counts.failed++;
    }
  }
  return counts;
}
