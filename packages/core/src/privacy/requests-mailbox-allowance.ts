import { createHash } from "node:crypto";
import { Keys } from "../db/keys";
import { updateIf } from "../db/conditional";
import { mailboxOf } from "../mail";
import { RATE_WINDOW_SECONDS } from "../policy/retention";

/** Links e-mailed to one mailbox per day (New York days do not matter here: UTC days). Further requests are answered alike and send nothing. */
export const LINKS_PER_ADDRESS_PER_DAY = 3;

const dayOf = (now: number) => new Date(now).toISOString().slice(0, 10);
/** The mailbox as its daily allowance is counted: a hash (no address stored). */
const mailboxKey = (email: string) =>
  createHash("sha256")
    .update(`privacy\n${mailboxOf(email)}`)
    .digest("base64url");

/** A day's allowance of links to one mailbox. */
export async function claimAddressSlot(email: string, now: number): Promise<boolean> {
  return updateIf({
    Key: Keys.privacyAddressDay(mailboxKey(email), dayOf(now)),
    UpdateExpression: "ADD sent :one SET expiresAt = :exp",
    ConditionExpression: "attribute_not_exists(sent) OR sent < :max",
    ExpressionAttributeValues: { ":one": 1, ":max": LINKS_PER_ADDRESS_PER_DAY, ":exp": Math.floor(now / 1000) + 24 * 3600 + RATE_WINDOW_SECONDS },
  });
}

/** Gives the mailbox's slot of the day back: its link could be neither sent nor queued. */
export async function releaseAddressSlot(email: string, now = Date.now()): Promise<void> {
  // none left to give back: nothing to do
  await updateIf({
    Key: Keys.privacyAddressDay(mailboxKey(email), dayOf(now)),
    UpdateExpression: "ADD sent :minus",
    ConditionExpression: "sent > :zero",
    ExpressionAttributeValues: { ":minus": -1, ":zero": 0 },
  });
}
