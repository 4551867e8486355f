import { table } from "@site/core/db/client";
import { queryAll } from "@site/core/db/query";
import { Petition } from "@site/core/petition";
import { layout as signatureLayout } from "@site/core/signature/index-item";
import { petitionItems } from "../../test/support/fixtures";

/**
 * What the table holds of a petition's signatures, read consistently, for the benchmarks' exactness
 * checks: its signatures and e-mail guards (each under a partition key of its own: a scan finds them
 * all, strays included), its admin index rows and its count.
 */
export async function storedSignatures(petitionId: string) {
  const [items, indexRows, count] = await Promise.all([
    petitionItems(petitionId),
    Promise.all(
      signatureLayout.partitions(petitionId).map((pk) =>
        queryAll({
          TableName: table(),
          KeyConditionExpression: "pk = :pk",
          ExpressionAttributeValues: { ":pk": pk },
          ProjectionExpression: "sk",
          ConsistentRead: true,
        }),
      ),
    ).then((parts) => parts.flat()),
    Petition.count(petitionId, true),
  ]);
  return { ...items, indexRows, count };
}
