import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { putAll } from "../db/batch";
import { db, table } from "../db/client";
import { Keys } from "../db/keys";
import { indexItem } from "./index-item";
import type { CaseHead } from "./info";
import { headItem } from "./store";

/**
 * Writes case heads in bulk without transactions: BatchWrite of each head and its admin index row,
 * then the number written ADDed to the cases' count. No timeline, no members, no audit. For seeding
 * and benchmarks (`npm run bench:admin`), not for administrators.
 */
export async function importCases(heads: readonly CaseHead[]): Promise<number> {
  await putAll(caseItems(heads));
  await addToCaseCount(heads.length);
  return heads.length;
}

/** Every item importCases writes for these heads (not the count). */
export const caseItems = (heads: readonly CaseHead[]) => heads.flatMap((head) => [headItem(head), indexItem(head)]);

/** The UpdateItem that adds n imported cases to the cases' count. */
export const caseCountUpdates = (n: number) => [
  {
    TableName: table(),
    Key: Keys.scamCaseCount,
    UpdateExpression: "ADD #count :n SET #type = :type",
    ExpressionAttributeNames: { "#count": "count", "#type": "type" },
    ExpressionAttributeValues: { ":n": n, ":type": "caseCount" },
  },
];

/** Adds n imported cases to the cases' count. */
export async function addToCaseCount(n: number): Promise<void> {
  await Promise.all(caseCountUpdates(n).map((update) => db().send(new UpdateCommand(update))));
}
