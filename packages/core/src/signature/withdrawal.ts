export * as Withdrawal from "./withdrawal";

import { randomUUID } from "node:crypto";
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { z } from "zod";
import { Audit } from "../audit";
import { settings } from "../config";
import { db, table } from "../db/client";
import { Keys } from "../db/keys";
import { auditedPerson } from "../db/person-index";
import { Petition, PetitionNotFound } from "../petition";
import { RateLimit } from "../ratelimit";
import { NotFoundError, VisibleError } from "../util/error";
import { remove } from "./deletion";
import { SignatureNotFound, assertPossibleId } from "./index";
import { log } from "../log";
import { Mail, MailDeferred } from "../mail";
import { withdrawLinkEmail } from "./emails";
import { WITHDRAW_LINK_VALID_DAYS, WithdrawToken, checkWithdrawToken } from "./withdraw-link";

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

export class ExpiredWithdrawLink extends VisibleError {
  constructor() {
    super(
      410,
      "signature.withdraw_link_expired",
      `This withdrawal link has expired (a link works for ${WITHDRAW_LINK_VALID_DAYS} days). We can e-mail you a new one to the address you signed with.`,
    );
  }
}

export class AlreadyWithdrawn extends NotFoundError {
  constructor() {
    super("signature.already_withdrawn", "This signature has already been withdrawn.");
  }
}

/** Counted before the token is checked, so guessing tokens costs attempts. */
export const countAttempt = (ipAddress: string) => RateLimit.consumeClient(RATE_SCOPE, ipAddress, settings().PRIVACY_RATE_LIMIT_PER_MINUTE);

/** What withdrawing needs of a signature (consistent): its address, first name and whether it was anonymised; undefined once it is gone. */
async function signerOf(petitionId: string, signatureId: string): Promise<{ email: string; firstName: string; anonymised: boolean } | undefined> {
  const res = await db().send(
    new GetCommand({
      TableName: table(),
      Key: Keys.signature(petitionId, signatureId),
      ProjectionExpression: "email, firstName, anonymisedAt",
      ConsistentRead: true,
    }),
  );
  const item = res.Item;
  return item ? { email: String(item.email), firstName: String(item.firstName), anonymised: Boolean(item.anonymisedAt) } : undefined;
}

/**
 * Withdraws the signature the token was made for. A wrong token is refused (403) with nothing read
 * or written; a signature already gone (withdrawn, deleted, or its petition deleted) is a 404 the
 * page words kindly. Answers the petition's count after.
 */
export async function withdraw(petitionId: string, signatureId: string, token: string): Promise<{ signatureCount: number }> {
  const checked = checkWithdrawToken(petitionId, signatureId, token);
  if (checked === "invalid") throw new InvalidWithdrawLink();
  if (checked === "expired") throw new ExpiredWithdrawLink();
  try {
    assertPossibleId(petitionId, signatureId);
    const email = (await signerOf(petitionId, signatureId))?.email;
    if (email === undefined) throw new AlreadyWithdrawn();
    const result = await remove(petitionId, signatureId);
    await Audit.record({ action: "signature.withdrawn", actor: auditedPerson(email), target: `${petitionId}/${signatureId}`, rows: 1 });
    return result;
  } catch (err) {
    if (err instanceof SignatureNotFound || err instanceof PetitionNotFound) throw new AlreadyWithdrawn();
    throw err;
  }
}

/** `POST /api/petitions/{id}/signatures/{signatureId}/withdraw-link`: `{send: true}`, the button's press. */
export const WithdrawLinkInput = z
  .object({ send: z.literal(true, { error: 'Send {"send": true} to ask for the link' }) }, { error: 'Send {"send": true} to ask for the link' })
  .strict();

/**
 * The withdraw page without a token (the thank-you e-mail's link) asks for a link by e-mail: it goes
 * to the address the signature was made with, at most one a day per mailbox (`Mail.sendToVisitor`),
 * and the answer is the same whether or not the signature exists, so the page tells nobody who
 * signed. A signature gone or anonymised gets nothing; a send the mail budget defers is not kept
 * (the signer can ask again), and a failure to send is logged, never shown.
 */
export async function sendLink(petitionId: string, signatureId: string): Promise<void> {
  try {
    assertPossibleId(petitionId, signatureId);
  } catch {
    return;
  }
  const signer = await signerOf(petitionId, signatureId);
  if (!signer?.email || signer.anonymised) return;
  let petition: Petition.Info;
  try {
    petition = await Petition.fromID(petitionId);
  } catch (err) {
    if (err instanceof PetitionNotFound) return;
    throw err;
  }
  const message = withdrawLinkEmail({ id: signatureId, firstName: signer.firstName }, petition);
  try {
    // a key of its own per request: the mailbox's one a day refuses a second request (a retry of the same key would pass)
    await Mail.sendToVisitor({ ...message, to: [signer.email] }, { key: `withdraw-link:${randomUUID()}`, kind: "signature-withdraw-link" });
  } catch (err) {
    if (!(err instanceof MailDeferred)) throw err;
    log.warn("withdraw link not sent: the mail budget deferred it", { petitionId, signatureId });
  }
}
