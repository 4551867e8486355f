import { randomUUID } from "node:crypto";
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { marshall } from "@aws-sdk/util-dynamodb";
import { db, table } from "@site/core/db/client";
import { Keys } from "@site/core/db/keys";
import type { StreamRecord } from "@site/core/streams/records";

let sequence = 10n ** 20n;

/**
 * A stream record as Lambda hands a consumer one, built from items: for tests that give a consumer a
 * batch again (a retry, a redelivery) or one the stream never had. Sequence numbers grow per process.
 */
export function streamRecord(eventName: StreamRecord["eventName"], after?: Record<string, unknown>, before?: Record<string, unknown>): StreamRecord {
  const item = after ?? before!;
  sequence += 1n;
  return {
    eventID: randomUUID().replace(/-/g, ""),
    eventName,
    eventSourceARN: "arn:aws:dynamodb:local:000000000000:table/test/stream/test",
    dynamodb: {
      Keys: marshall({ pk: item.pk, sk: item.sk }),
      ...(after ? { NewImage: marshall(after, { removeUndefinedValues: true }) } : {}),
      ...(before ? { OldImage: marshall(before, { removeUndefinedValues: true }) } : {}),
      SequenceNumber: String(sequence),
    },
  };
}

/** The record the signing transaction's write of a signature put on the stream. */
export async function signatureInsertRecord(petitionId: string, signatureId: string): Promise<StreamRecord> {
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: Keys.signature(petitionId, signatureId), ConsistentRead: true }));
  if (!Item) throw new Error(`no signature ${signatureId}`);
  return streamRecord("INSERT", Item);
}
