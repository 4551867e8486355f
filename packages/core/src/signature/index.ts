export * as Signature from "./index";

import { GetCommand, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { z } from "zod";
import { event } from "../bus";
import { settings } from "../config";
import { db, table } from "../db/client";
import { Keys } from "../db/keys";
import { Petition, PetitionNotFound } from "../petition";
import { VisibleError, NotFoundError } from "../util/error";
import { sortableId } from "../util/id";
import { newYorkDate, newYorkTime } from "../util/time";
import { ClientDetails, type MetaDetails } from "./meta";

export { ClientDetails, metaDetails, deviceType, browserName, type MetaDetails } from "./meta";

export const Events = {
  Created: event("signature.created", z.object({ petitionId: z.string(), signatureId: z.string() })),
};

const required = (label: string, max: number) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(max, `${label} is too long`);

/** The sign form as the API receives it. */
export const SignInput = z.object({
  firstName: required("First name", 100),
  lastName: required("Last name", 100),
  email: z
    .string({ error: "Email is required" })
    .trim()
    .min(1, "Email is required")
    .max(254, "Email is too long")
    .pipe(z.email("Please enter a valid email address.")),
  timeshareName: z.string().trim().max(200, "Timeshare name is too long").optional(),
  newsletterConsent: z.boolean().optional().default(false),
  captchaToken: z.string().max(4096).optional(),
  client: ClientDetails.optional(),
});
export type SignInput = z.input<typeof SignInput>;

export interface Info {
  id: string;
  petitionId: string;
  firstName: string;
  lastName: string;
  email: string;
  timeshareName?: string;
  newsletterConsent: boolean;
  newsletterConsentAt?: string;
  meta: MetaDetails;
  createdDate: string;
  createdTime: string;
  createdAt: string;
}

export class AlreadySigned extends VisibleError {
  constructor() {
    super(409, "signature.duplicate", "You have already signed this petition.");
  }
}

export class SignatureNotFound extends NotFoundError {
  constructor() {
    super("signature.not_found", "Signature not found");
  }
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

const MAX_CONFLICT_RETRIES = 8;

export interface SignRequest {
  petitionId: string;
  firstName: string;
  lastName: string;
  email: string;
  timeshareName?: string;
  newsletterConsent: boolean;
  meta: MetaDetails;
}

/**
 * One transaction: the petition must exist, the e-mail guard must be new, the signature is stored
 * and one random counter shard is incremented. Contention on a shard cancels the transaction with
 * TransactionConflict; it is retried on another shard.
 */
export async function create(req: SignRequest): Promise<{ signature: Info; signatureCount: number }> {
  const now = new Date();
  const createdAt = now.toISOString();
  const id = sortableId(now.getTime());
  const signature: Info = {
    id,
    petitionId: req.petitionId,
    firstName: req.firstName,
    lastName: req.lastName,
    email: req.email,
    timeshareName: req.timeshareName || undefined,
    newsletterConsent: req.newsletterConsent,
    newsletterConsentAt: req.newsletterConsent ? createdAt : undefined,
    meta: req.meta,
    createdDate: newYorkDate(now),
    createdTime: newYorkTime(now),
    createdAt,
  };
  const email = normaliseEmail(req.email);

  for (let attempt = 0; ; attempt++) {
    const shard = Math.floor(Math.random() * settings().COUNTER_SHARDS);
    try {
      await db().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              ConditionCheck: {
                TableName: table(),
                Key: Keys.petition(req.petitionId),
                ConditionExpression: "attribute_exists(pk)",
              },
            },
            {
              Put: {
                TableName: table(),
                Item: { ...Keys.emailGuard(req.petitionId, email), type: "emailGuard", signatureId: id },
                ConditionExpression: "attribute_not_exists(pk)",
              },
            },
            {
              Put: {
                TableName: table(),
                Item: {
                  ...Keys.signature(req.petitionId, id),
                  ...Keys.signatureList(createdAt, id),
                  type: "signature",
                  emailNormalized: email,
                  ...signature,
                },
              },
            },
            {
              Update: {
                TableName: table(),
                Key: Keys.counterShard(req.petitionId, shard),
                UpdateExpression: "ADD #count :one SET #type = :type",
                ExpressionAttributeNames: { "#count": "count", "#type": "type" },
                ExpressionAttributeValues: { ":one": 1, ":type": "counterShard" },
              },
            },
          ],
        }),
      );
      break;
    } catch (err) {
      const reasons = cancellationCodes(err);
      if (reasons[0] === "ConditionalCheckFailed") throw new PetitionNotFound();
      if (reasons[1] === "ConditionalCheckFailed") throw new AlreadySigned();
      const conflict = reasons.includes("TransactionConflict") || (err as Error).name === "TransactionConflictException";
      if (!conflict || attempt >= MAX_CONFLICT_RETRIES) throw err;
      await new Promise((r) => setTimeout(r, Math.random() * 20 * (attempt + 1)));
    }
  }

  return { signature, signatureCount: await Petition.count(req.petitionId, true) };
}

function cancellationCodes(err: unknown): (string | undefined)[] {
  const reasons = (err as { CancellationReasons?: { Code?: string }[] }).CancellationReasons;
  if (reasons) return reasons.map((r) => r.Code);
  // DynamoDB Local sometimes only reports the reasons in the message: "[None, ConditionalCheckFailed, ...]".
  const match = /\[(.*)\]/.exec((err as Error).message ?? "");
  return match ? match[1].split(",").map((s) => s.trim()) : [];
}

export async function fromID(petitionId: string, signatureId: string): Promise<Info> {
  const res = await db().send(new GetCommand({ TableName: table(), Key: Keys.signature(petitionId, signatureId) }));
  if (!res.Item) throw new SignatureNotFound();
  const { pk, sk, gsi1pk, gsi1sk, type, emailNormalized, ...info } = res.Item;
  return info as Info;
}
