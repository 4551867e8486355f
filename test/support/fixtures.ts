import { randomUUID } from "node:crypto";
import { ScanCommand } from "@aws-sdk/lib-dynamodb";
import { db, table } from "@site/core/db/client";
import { Keys } from "@site/core/db/keys";
import { Petition } from "@site/core/petition";

/** A petition of its own; `verifySignatures` off unless asked (the tests written before it count every signature at once). */
export async function newPetition(goal = 100, verifySignatures = false) {
  return Petition.create({ id: `p-${randomUUID().slice(0, 12)}`, title: "Test petition", story: "A story worth telling.", goal, verifySignatures });
}

/**
 * Every item of a petition (META, counter shards, e-mail guards, signatures, counts by place), grouped by type: what a
 * test can check the table for. Each has a partition key of its own, so this scans (a test table is small).
 */
export async function petitionItems(petitionId: string) {
  const [countPrefix, guardPrefix, sigPrefix, geoPrefix] = Keys.petitionItemPrefixes(petitionId);
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const res = await db().send(
      new ScanCommand({
        TableName: table(),
        FilterExpression: "pk = :meta OR begins_with(pk, :count) OR begins_with(pk, :guard) OR begins_with(pk, :sig) OR begins_with(pk, :geo)",
        ExpressionAttributeValues: {
          ":meta": Keys.petition(petitionId).pk,
          ":count": countPrefix,
          ":guard": guardPrefix,
          ":sig": sigPrefix,
          ":geo": geoPrefix,
        },
        ConsistentRead: true,
        ExclusiveStartKey,
      }),
    );
    items.push(...(res.Items ?? []));
    ExclusiveStartKey = res.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  const of = (type: string) => items.filter((i) => i.type === type);
  return {
    all: items,
    signatures: of("signature"),
    guards: of("emailGuard"),
    shards: of("counterShard"),
    geo: items.filter((i) => String(i.pk).startsWith(geoPrefix)),
  };
}
/** Names take no digits (PersonName): 0-9 become a-j, so every n still gives its own name. */
export const nameOf = (n: number | string) => String(n).replace(/[0-9]/g, (d) => "abcdefghij"[Number(d)]);

export const signer = (n: number | string, extra: Record<string, unknown> = {}) => ({
  firstName: `First${nameOf(n)}`,
  lastName: `Last${nameOf(n)}`,
  email: `signer${n}-${randomUUID().slice(0, 6)}@example.com`,
  client: { screenResolution: "1920x1080", timezone: "America/Chicago", language: "en-US" },
  ...extra,
});
