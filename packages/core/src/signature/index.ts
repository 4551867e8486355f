export * as Signature from "./index";

import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { cancellationCodes } from "../db/cancellation";
import { db, table } from "../db/client";
import { Keys } from "../db/keys";
import { Petition } from "../petition";
import { NotFoundError } from "../util/error";
import { normaliseEmail } from "../util/email";
import type { Info } from "./info";

export { cancellationCodes };
export { ClientDetails, metaDetails, deviceType, browserName, type MetaDetails } from "../request/meta-details";

/**
 * Signatures: their events (events.ts), signing (signing.ts) and its transaction
 * (signing-transaction.ts), and the reads of one signature below.
 */
export { Events } from "./events";
export { build, create, sign, type ConfirmationWait, type RepeatedEvent, type SignAnswer, type SignRequest, type Signed } from "./signing";
export { SIGNING_ITEMS, guardItem, guardMailbox, signatureItem, transaction, writeWithRetries } from "./signing-transaction";

export { SignInput, SIGN_CAPTCHA_ACTION, ConfirmInput } from "./input";

export { STATUSES, type Info, type Status } from "./info";

export class SignatureNotFound extends NotFoundError {
  constructor() {
    super("signature.not_found", "Signature not found");
  }
}

export { normaliseEmail };

export const RATE_SCOPE = "sign";

/** Signature ids are sortable ids (lower-case base 36). */
const SIGNATURE_ID_PATTERN = /^[0-9a-z]{1,64}$/;

/** Ids no signature can have are not found without asking DynamoDB, which refuses keys over 2 KB. */
export function assertPossibleId(petitionId: string, signatureId: string): void {
  if (!Petition.ID_PATTERN.test(petitionId) || !SIGNATURE_ID_PATTERN.test(signatureId)) throw new SignatureNotFound();
}

export async function fromID(petitionId: string, signatureId: string): Promise<Info> {
  assertPossibleId(petitionId, signatureId);
  const res = await db().send(new GetCommand({ TableName: table(), Key: Keys.signature(petitionId, signatureId) }));
  if (!res.Item) throw new SignatureNotFound();
  return infoOf(res.Item);
}

/** A stored signature item as `Info`: without its keys and the attributes only its writers read. */
export function infoOf(item: Record<string, unknown>): Info {
  const {
    pk,
    sk,
    gsi1pk,
    gsi1sk,
    gsi3pk,
    gsi3sk,
    type,
    emailNormalized,
    emailGuardKey,
    confirmTokenHash,
    confirmTokenExpiresAt,
    confirmedTokenHash,
    geo,
    origin,
    ...info
  } = item;
  return info as unknown as Info;
}
