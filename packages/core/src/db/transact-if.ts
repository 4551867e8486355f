import { TransactWriteCommand, type TransactWriteItem } from "@aws-sdk/lib-dynamodb";
import { cancellationCodes } from "./cancellation";
import { db, table } from "./client";

/** One write of a transaction on this table: its TableName may be left out (`transactIf` adds it). */
export type TableWrite = { [Op in keyof TransactWriteItem]?: Omit<NonNullable<TransactWriteItem[Op]>, "TableName"> & { TableName?: string } };

const onTable = (write: TableWrite) =>
  Object.fromEntries(Object.entries(write).map(([op, body]) => [op, { TableName: table(), ...body }])) as TransactWriteItem;

const firstConditionFailed = (reasons: (string | undefined)[]) => reasons[0] === "ConditionalCheckFailed";

/**
 * A transaction on this table that may be refused: true when it was written, false when `refused`
 * says so of its cancellation reasons by item position (by default: the first write's condition did
 * not hold). `refused` may throw the caller's domain error instead; any other failure is rethrown.
 */
export async function transactIf(
  writes: TableWrite[],
  refused: (reasons: (string | undefined)[]) => boolean | Promise<boolean> = firstConditionFailed,
): Promise<boolean> {
  try {
    await db().send(new TransactWriteCommand({ TransactItems: writes.map(onTable) }));
    return true;
  } catch (err) {
    if (await refused(cancellationCodes(err))) return false;
    throw err;
  }
}
