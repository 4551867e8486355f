import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { db, table } from "../db/client";
import { Keys, expiresIn } from "../db/keys";
import type { TransactItem } from "../db/transact";

/**
 * A form's submissions by idempotency key (docs/architecture.md "Faults"): the page sends one key per
 * submission and the same key with every retry of it. The first attempt's transaction stores what it
 * answered under the key (conditionally: of two attempts at once, one stores); a retry finds it and
 * answers it again instead of storing the form twice. Kept a day: a page retries for seconds.
 * The item names the record (an id, a reference), never a person.
 */
const KEEP_FOR_SECONDS = 24 * 3600;

/** Thrown by a form's write when another attempt of the same submission stored it first. */
export class SubmittedMeanwhile extends Error {
  constructor(readonly scope: string) {
    super(`another attempt of this ${scope} submission stored it`);
    this.name = "SubmittedMeanwhile";
  }
}

/** The Put of a submission's answer, for the form's own transaction. */
export function submissionPut(scope: string, key: string, answer: Record<string, string>): TransactItem {
  return {
    Put: {
      TableName: table(),
      Item: { ...Keys.submission(scope, key), type: "submission", answer, at: new Date().toISOString(), expiresAt: expiresIn(KEEP_FOR_SECONDS) },
      ConditionExpression: "attribute_not_exists(pk)",
    },
  };
}

/** What the submission's first attempt answered, or undefined if none stored it (one strongly consistent read). */
export async function answered(scope: string, key: string): Promise<Record<string, string> | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: Keys.submission(scope, key), ConsistentRead: true }));
  return Item?.answer as Record<string, string> | undefined;
}

/**
 * A form's submission, once per key: the first attempt's answer when one stored it (a retry after a
 * timeout or an error), else `submit`, whose transaction puts the answer under the key
 * (`submissionPut`, last) and throws SubmittedMeanwhile when another attempt of the same key stored
 * first; that attempt's answer is then the answer. Without a key, `submit` as it is.
 */
export async function submitOnce<A extends Record<string, string>>(scope: string, key: string | undefined, submit: () => Promise<A>): Promise<A> {
  const earlier = key ? await answered(scope, key) : undefined;
  if (earlier) return earlier as A;
  try {
    return await submit();
  } catch (err) {
    const meanwhile = key && err instanceof SubmittedMeanwhile ? await answered(scope, key) : undefined;
    if (meanwhile) return meanwhile as A;
    throw err;
  }
}

/** The cancellation check of a transaction whose last item is a submissionPut: true when another attempt stored the key. */
export const keyTaken = (key: string | undefined, reasons: readonly (string | undefined)[]) =>
  !!key && reasons[reasons.length - 1] === "ConditionalCheckFailed";
