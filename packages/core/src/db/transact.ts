import type { TransactWriteCommand, TransactWriteCommandInput } from "@aws-sdk/lib-dynamodb";
import { cancellationCodes } from "./cancellation";
import { db } from "./client";

/** One item of a TransactWriteItems call. */
export type TransactItem = NonNullable<TransactWriteCommandInput["TransactItems"]>[number];

/** What a failed attempt comes to, when `onCancelled` does not throw a domain error itself. */
export type Verdict =
  /** give up without an error: the call answers `written: false` */
  | "refused"
  /** send a new attempt (after the pause), as after a conflict */
  | "retry"
  /** nothing said: a TransactionConflict is retried, anything else rethrown */
  | void;

export interface Retries {
  /** attempts sent at most; the last one's error is rethrown (default 8) */
  maxAttempts?: number;
  /**
   * Sees each failed attempt's cancellation reasons by item position (`cancellationCodes`; empty when
   * the error is no cancellation) before anything else is decided: throws the domain error of a
   * ConditionalCheckFailed at a known position, or answers a Verdict.
   */
  onCancelled?: (reasons: (string | undefined)[]) => Verdict | Promise<Verdict>;
}

export const DEFAULT_MAX_ATTEMPTS = 8;

/**
 * DynamoDB Local's answer where DynamoDB would cancel a contended transaction with a
 * TransactionConflict: a 500 once it has waited too long for its lock (the SDK's own attempts spent),
 * saying "This request will succeed in actual DynamoDB API". Seen on a loaded machine; not executed,
 * so as safe to send again as a conflict. DynamoDB's own 500s are not matched: they may have written.
 */
const isEmulatorLockTimeout = (err: unknown) => (err as Error).name === "InternalServerError" && /waiting for a lock/.test((err as Error).message);

const isConflict = (err: unknown, reasons: (string | undefined)[]) =>
  reasons.includes("TransactionConflict") || (err as Error).name === "TransactionConflictException" || isEmulatorLockTimeout(err);

/**
 * Sends the transaction `build(attempt)` makes (attempts count from 1) until it is written. A failed
 * attempt goes to `onCancelled` first; then a TransactionConflict (or a "retry", or DynamoDB Local's
 * lock timeout) is tried again after a random pause of up to 20 ms × attempt, up to `maxAttempts`,
 * and any other error is rethrown.
 * Answers whether it was written ("refused" answers false) and how many attempts failed before.
 */
export async function transactWithRetries(
  build: (attempt: number) => TransactWriteCommand,
  { maxAttempts = DEFAULT_MAX_ATTEMPTS, onCancelled }: Retries = {},
): Promise<{ written: boolean; retries: number }> {
  for (let attempt = 1; ; attempt++) {
    try {
      await db().send(build(attempt));
      return { written: true, retries: attempt - 1 };
    } catch (err) {
      const reasons = cancellationCodes(err);
      const verdict = await onCancelled?.(reasons);
      if (verdict === "refused") return { written: false, retries: attempt - 1 };
      if ((verdict !== "retry" && !isConflict(err, reasons)) || attempt >= maxAttempts) throw err;
      await new Promise((r) => setTimeout(r, Math.random() * 20 * attempt));
    }
  }
}
