export * as SignatureVerification from "./verification";

import { geoTally } from "./geo-counts";
import { GetCommand, TransactWriteCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { settings } from "../config";
import { db, table } from "../db/client";
import { Keys } from "../db/keys";
import { Mail } from "../mail";
import { claimAllowance } from "../mail/visitor";
import { Petition, PetitionNotFound } from "../petition";
import type { Info as PetitionInfo } from "../petition";
import { UNCONFIRMED_SIGNATURE_SECONDS } from "../policy/retention";
import { VisibleError } from "../util/error";
import { hashToken, isTokenShape, newToken } from "../util/token";
import { alreadySigned, confirmationRequest } from "./emails";
import { assertPossibleId, infoOf, writeWithRetries, type Info } from "./index";
import { indexItem } from "./index-item";

/**
 * Verified signatures (docs/architecture.md "Verified signatures and no enumeration"): on a petition
 * that verifies signatures a signature is stored `pending` and counted apart (its counter shard's
 * `pending`); the signer's e-mail carries a link with a random token, of which only the hash and the
 * expiry are stored on the signature; confirming moves it to `verified` and its count from `pending`
 * to `count` in one transaction, once.
 */

export class ConfirmationInvalid extends VisibleError {
  constructor() {
    super(400, "signature.confirmation_invalid", "This confirmation link is not valid. Please use the link in the most recent e-mail we sent you.");
  }
}

export class ConfirmationExpired extends VisibleError {
  constructor() {
    super(410, "signature.confirmation_expired", "This confirmation link has expired. Please sign the petition again to get a new one.");
  }
}

/** Confirmation attempts per client per minute (counted before the lookup, so guessing costs attempts). */
export const CONFIRM_RATE_SCOPE = "sign-confirm";

/**
 * Until when a link sent at `sentAt` works: UNCONFIRMED_SIGNATURE_DAYS after it was sent, not after
 * the signature was made, so a link that waited in the mail queue through a surge still has its whole
 * period (the retention job keeps a pending signature while its link works, retention.ts).
 */
export const linkValidUntil = (sentAt: number) => new Date(sentAt + UNCONFIRMED_SIGNATURE_SECONDS * 1000);

/** The page the e-mailed link opens; it posts the token to the confirm route. */
export function confirmationLink(petitionId: string, signatureId: string, token: string): string {
  const site = settings().SITE_URL.replace(/\/$/, "");
  return `${site}/petitions/${encodeURIComponent(petitionId)}/confirm?s=${encodeURIComponent(signatureId)}&t=${encodeURIComponent(token)}`;
}

/**
 * A new token for a pending signature, issued as its e-mail leaves: its hash and expiry (the link's
 * whole period from now) replace any earlier one on the item (the newest link is the one that works).
 * Answers undefined when the signature is no longer pending.
 */
export async function issueToken(signature: Info, now = Date.now()): Promise<string | undefined> {
  const token = newToken();
  try {
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: Keys.signature(signature.petitionId, signature.id),
        UpdateExpression: "SET confirmTokenHash = :hash, confirmTokenExpiresAt = :until",
        ConditionExpression: "attribute_exists(pk) AND #status = :pending",
        ExpressionAttributeNames: { "#status": "status" },
        ExpressionAttributeValues: { ":hash": hashToken(token), ":until": linkValidUntil(now).toISOString(), ":pending": "pending" },
      }),
    );
    return token;
  } catch (err) {
    if ((err as Error).name === "ConditionalCheckFailedException") return undefined;
    throw err;
  }
}

/**
 * E-mails the confirmation link of a pending signature. Its first link (the signing's own, one per
 * signature: its e-mail guard sees to that) goes without a cap; a repeat's link again goes under the
 * visitor mail cap of `cap.kind` (one per address and kind a day; `cap.key` names this delivery, stable
 * across retries). The token is issued only once the cap allows the e-mail, so a skipped e-mail leaves
 * the last link working.
 */
export async function sendConfirmation(signature: Info, petition: PetitionInfo, cap?: { kind: string; key: string }): Promise<void> {
  if (signature.status !== "pending") return;
  if (cap && !(await claimAllowance(signature.email, cap.kind, cap.key))) return;
  const token = await issueToken(signature);
  if (!token) return;
  const link = confirmationLink(petition.id, signature.id, token);
  await Mail.send({ kind: "signature-confirmation", to: [signature.email], ...confirmationRequest(signature, petition, link) });
}

/** "You have already signed": what a repeat of a counted signature's mailbox receives, under the cap of `cap.kind`. */
export async function sendAlreadySigned(signature: Info, petition: PetitionInfo, cap: { kind: string; key: string }): Promise<void> {
  if (!(await claimAllowance(signature.email, cap.kind, cap.key))) return;
  await Mail.send({ kind: "signature-already-signed", to: [signature.email], ...alreadySigned(signature, petition) });
}

/**
 * The answer to a link: the counts only with the confirmation itself. A link opened again answers
 * `already_confirmed` without them: its owner could otherwise read the exact counts on demand, before
 * and after signing with someone else's address, and learn whether that person had signed.
 */
export type Confirmed = { status: "confirmed"; signatureCount: number; pendingCount: number } | { status: "already_confirmed" };

/**
 * Confirms a pending signature from its link, once: one transaction sets `status: verified`,
 * `verifiedAt` and what it adds to the counts by place (`geo`) and removes the token's hash (if it is
 * still pending, the hash matches and the link has not expired), rewrites its admin index row and
 * moves one from `pending` to `count` on a random counter shard. Its stream record (pending →
 * verified) is the event its side effects follow from (signature/effects.ts: the share e-mail, the
 * counts by place). The used token's hash stays (`confirmedTokenHash`): its link opened again
 * answers `already_confirmed`, any other token a 400, as for a pending one; an expired link (or a
 * signature no longer there) is a 410, writing nothing. Signatures confirmed before the hash was kept
 * answer `already_confirmed` to any well-formed token (the answer tells nothing but that).
 */
/** A confirmed signature answers its own used link only: any other token is refused as on a pending one (L2). */
function refuseAnotherToken(item: Record<string, unknown>, hash: string): void {
  if (item.confirmedTokenHash !== undefined && item.confirmedTokenHash !== hash) throw new ConfirmationInvalid();
}

export async function confirm(petitionId: string, signatureId: string, token: string, now = new Date()): Promise<{ answer: Confirmed }> {
  try {
    assertPossibleId(petitionId, signatureId);
  } catch {
    throw new ConfirmationInvalid();
  }
  if (!isTokenShape(token)) throw new ConfirmationInvalid();
  const res = await db().send(new GetCommand({ TableName: table(), Key: Keys.signature(petitionId, signatureId), ConsistentRead: true }));
  if (!res.Item) throw new ConfirmationExpired();
  const hash = hashToken(token);
  const already = { answer: { status: "already_confirmed" } as Confirmed };
  if (res.Item.status !== "pending") {
    refuseAnotherToken(res.Item, hash);
    return already;
  }
  if (res.Item.confirmTokenHash !== hash) throw new ConfirmationInvalid();
  if (!(String(res.Item.confirmTokenExpiresAt) > now.toISOString())) throw new ConfirmationExpired();

  const at = now.toISOString();
  const verified: Info = { ...infoOf(res.Item), status: "verified", verifiedAt: at };
  let confirmedMeanwhile = false;
  await writeWithRetries(
    (shard) =>
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: table(),
              Key: Keys.signature(petitionId, signatureId),
              // what it adds to the counts by place (from the stream, signature/effects.ts), so a deletion subtracts exactly that
              UpdateExpression:
                "SET #status = :verified, verifiedAt = :at, geo = :geo, confirmedTokenHash = :hash REMOVE confirmTokenHash, confirmTokenExpiresAt",
              ConditionExpression: "#status = :pending AND confirmTokenHash = :hash AND confirmTokenExpiresAt > :now",
              ExpressionAttributeNames: { "#status": "status" },
              ExpressionAttributeValues: {
                ":verified": "verified",
                ":pending": "pending",
                ":at": at,
                ":hash": hash,
                ":now": at,
                ":geo": geoTally(verified.meta),
              },
            },
          },
          { Put: { TableName: table(), Item: indexItem(verified) } },
          {
            Update: {
              TableName: table(),
              Key: Keys.counterShard(petitionId, shard),
              UpdateExpression: "ADD #count :one, #pending :minus",
              ConditionExpression: "attribute_exists(pk) AND attribute_not_exists(deleting)",
              ExpressionAttributeNames: { "#count": "count", "#pending": "pending" },
              ExpressionAttributeValues: { ":one": 1, ":minus": -1 },
            },
          },
        ],
      }),
    async (reasons) => {
      if (reasons[0] === "ConditionalCheckFailed") {
        // a second click that raced the first, a newer link, or the expiry (the retention pass deleted it)
        const again = await db().send(
          new GetCommand({
            TableName: table(),
            Key: Keys.signature(petitionId, signatureId),
            ProjectionExpression: "#s, confirmedTokenHash",
            ExpressionAttributeNames: { "#s": "status" },
            ConsistentRead: true,
          }),
        );
        if (!again.Item) throw new ConfirmationExpired();
        if (again.Item.status !== "pending") {
          refuseAnotherToken(again.Item, hash);
          confirmedMeanwhile = true;
          return "refused";
        }
        throw new ConfirmationInvalid();
      }
      if (reasons[2] === "ConditionalCheckFailed") throw new PetitionNotFound();
    },
    Math.max(1, await Petition.counterShards(petitionId)),
  );
  if (confirmedMeanwhile) return already;
  const { count, pending } = await Petition.countsAfterConfirmation(petitionId, true);
  return { answer: { status: "confirmed", signatureCount: count, pendingCount: pending } };
}
