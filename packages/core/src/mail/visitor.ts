import { createHash } from "node:crypto";
import { PutCommand } from "@aws-sdk/lib-dynamodb";
import { db, table } from "../db/client";
import { Keys } from "../db/keys";

/** A recipient gets at most one visitor-triggered e-mail of each kind in this window. */
export const VISITOR_MAIL_WINDOW_SECONDS = 24 * 3600;

/**
 * The mailbox an address reaches, for counting: lower-cased, without a "+tag", and for Gmail without
 * dots in the local part — so `Victim+1@x` and `victim+2@x` share one allowance.
 */
export function mailboxOf(address: string): string {
  const email = address.trim().toLowerCase();
  const at = email.lastIndexOf("@");
  if (at < 0) return email;
  let local = email.slice(0, at).replace(/\+.*$/, "");
  const domain = email.slice(at + 1);
  if (domain === "gmail.com" || domain === "googlemail.com") local = local.replace(/\./g, "");
  return `${local}@${domain === "googlemail.com" ? "gmail.com" : domain}`;
}

/** The claim is keyed by a hash of the kind and the mailbox, so the cap stores no address. */
const capKey = (address: string, kind: string) =>
  Keys.mailCap(
    createHash("sha256")
      .update(`${kind}\n${mailboxOf(address)}`)
      .digest("base64url"),
  );

/**
 * Claims the recipient's allowance for `key` in one conditional write: free, expired (TTL deletion
 * lags), or already held by the same key (a retry of the same delivery) all succeed; a claim by
 * another delivery within the window refuses (`Mail.sendToVisitor`).
 */
export async function claimAllowance(address: string, kind: string, key: string): Promise<boolean> {
  const now = Math.floor(Date.now() / 1000);
  try {
    await db().send(
      new PutCommand({
        TableName: table(),
        Item: { ...capKey(address, kind), type: "mailCap", deliveryKey: key, at: new Date().toISOString(), expiresAt: now + VISITOR_MAIL_WINDOW_SECONDS },
        ConditionExpression: "attribute_not_exists(pk) OR deliveryKey = :key OR expiresAt <= :now",
        ExpressionAttributeValues: { ":key": key, ":now": now },
      }),
    );
    return true;
  } catch (err) {
    if ((err as Error).name === "ConditionalCheckFailedException") return false;
    throw err;
  }
}
