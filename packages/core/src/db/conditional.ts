import { PutCommand, UpdateCommand, type PutCommandInput, type UpdateCommandInput } from "@aws-sdk/lib-dynamodb";
import { db, table } from "./client";

/** True when DynamoDB refused a single write because its condition did not hold. */
export function isConditionFailure(err: unknown): boolean {
  return (err as Error | undefined)?.name === "ConditionalCheckFailedException";
}

/**
 * An update on this table that may be refused by its condition: true when it was applied, false when
 * the condition did not hold (any other failure is thrown). The callers' "someone else got there
 * first" is a value, not a try/catch each.
 */
export async function updateIf(input: Omit<UpdateCommandInput, "TableName">): Promise<boolean> {
  try {
    await db().send(new UpdateCommand({ TableName: table(), ...input }));
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/** A put on this table that may be refused by its condition: true when written, false when refused. */
export async function putIf(input: Omit<PutCommandInput, "TableName">): Promise<boolean> {
  try {
    await db().send(new PutCommand({ TableName: table(), ...input }));
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}
