export * as Withdrawal from "./withdrawal";

import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { z } from "zod";
import { Audit } from "../audit";
import { settings } from "../config";
import { db, table } from "../db/client";
import { Keys } from "../db/keys";
import { auditedPerson } from "../db/person-index";
import { PetitionNotFound } from "../petition";
import { RateLimit } from "../ratelimit";
import { NotFoundError, VisibleError } from "../util/error";
import { remove } from "./deletion";
import { SignatureNotFound, assertPossibleId } from "./index";
import { WithdrawToken, verifyWithdrawToken } from "./withdraw-link";

/**
 * A signer withdraws their signature from the link in an e-mail (withdraw-link.ts): the token is
 * checked before anything is read, the signature leaves through the one deletion path (its count
 * drops by exactly one), and the audit trail names the person by the hash of their address.
 */

/** `POST /api/petitions/{id}/signatures/{signatureId}/withdraw`; the withdraw page sends the same. */
export const WithdrawInput = z.object({ token: WithdrawToken }, { error: "Send the link's token as {token}" });
export type WithdrawInput = z.output<typeof WithdrawInput>;

/** Attempts per client per minute share the privacy links' limit (PRIVACY_RATE_LIMIT_PER_MINUTE). */
export const RATE_SCOPE = "withdraw";

export class InvalidWithdrawLink extends VisibleError {
  constructor() {
    super(403, "signature.withdraw_link_invalid", "This withdrawal link is not valid. Please open the link from your e-mail again.");
  }
}

export class AlreadyWithdrawn extends NotFoundError {
  constructor() {
    super("signature.already_withdrawn", "This signature has already been withdrawn.");
  }
}

/** Counted before the token is checked, so guessing tokens costs attempts. */
export const countAttempt = (client: string) => RateLimit.consume(RATE_SCOPE, client, settings().PRIVACY_RATE_LIMIT_PER_MINUTE);

/** The signer's address, for the audit entry (never stored in it); undefined once the signature is gone. */
async function addressOf(petitionId: string, signatureId: string): Promise<string | undefined> {
  const res = await db().send(
    new GetCommand({ TableName: table(), Key: Keys.signature(petitionId, signatureId), ProjectionExpression: "email", ConsistentRead: true }),
  );
  return res.Item ? String(res.Item.email) : undefined;
}

/**
 * Withdraws the signature the token was made for. A wrong token is refused (403) with nothing read
 * or written; a signature already gone (withdrawn, deleted, or its petition deleted) is a 404 the
 * page words kindly. Answers the petition's count after.
 */
export async function withdraw(petitionId: string, signatureId: string, token: string): Promise<{ signatureCount: number }> {
  if (!verifyWithdrawToken(petitionId, signatureId, token)) throw new InvalidWithdrawLink();
  try {
    assertPossibleId(petitionId, signatureId);
    const email = await addressOf(petitionId, signatureId);
    if (email === undefined) throw new AlreadyWithdrawn();
    const result = await remove(petitionId, signatureId);
    await Audit.record({ action: "signature.withdrawn", actor: auditedPerson(email), target: `${petitionId}/${signatureId}`, rows: 1 });
    return result;
  } catch (err) {
    if (err instanceof SignatureNotFound || err instanceof PetitionNotFound) throw new AlreadyWithdrawn();
    throw err;
  }
}
