import type { SQSBatchResponse, SQSEvent } from "aws-lambda";
import { DeadLetters } from "@site/core/dead-letters";
import { failureOf } from "@site/core/dead-letters/queue-message";
import { errorAttributes, log } from "@site/core/log";

/**
 * The subscribers' dead-letter queue's consumer (stacks/Events.ts): each message, whatever sent it,
 * becomes a dead letter in the table, where the console's health panel shows it and an
 * administrator re-drives it (core/dead-letters). A message it cannot record stays in the queue
 * and is tried again; the queue's age alarm says so.
 */
export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const failed: string[] = [];
  for (const record of event.Records) {
    try {
      await DeadLetters.record(failureOf({ body: record.body, messageAttributes: record.messageAttributes }));
    } catch (err) {
      log.error("dead letter not recorded", { messageId: record.messageId, ...errorAttributes(err) });
      failed.push(record.messageId);
    }
  }
  return { batchItemFailures: failed.map((itemIdentifier) => ({ itemIdentifier })) };
}
