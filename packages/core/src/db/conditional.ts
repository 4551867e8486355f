import { PutCommand, UpdateCommand, type PutCommandInput, type UpdateCommandInput } from "@aws-sdk/lib-dynamodb";
import { db, table } from "./client";

/** True when DynamoDB refused a single write because its condition did not hold. */
export function isConditionFailure(err: unknown): boolean {
  return (err as Error | undefined)?.name === "ConditionalCheckFailedException";
}

/** Runs a conditional write: true when it was applied, false when its condition did not hold (any other failure is thrown). */
export async function applied(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/**
 * An update on this table that may be refused by its condition: true when it was applied, false when
 * the condition did not hold. The callers' "someone else got there first" is a value, not a try/catch each.
 */
export const updateIf = (input: Omit<UpdateCommandInput, "TableName">): Promise<boolean> =>
  applied(() => db().send(new UpdateCommand({ TableName: table(), ...input })));

/** A put on this table that may be refused by its condition: true when written, false when refused. */
export const putIf = (input: Omit<PutCommandInput, "TableName">): Promise<boolean> =>
  applied(() => db().send(new PutCommand({ TableName: table(), ...input })));
