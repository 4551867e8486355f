import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { db, table } from "../db/client";
import { Keys } from "../db/keys";
import { counterWrites } from "./counts";
import { indexItem, type PrivacyRequest, type StoredStatus } from "./index-item";

/**
 * The request's item, its admin index row and the count cards' counter
 * (counts.ts): the writes of every change to a request. Without a condition the request is new; a
 * condition names the status the request is rewritten from (`was`).
 */
export function requestWrites(
  req: PrivacyRequest,
  condition?: { expression: string; names?: Record<string, string>; values: Record<string, unknown>; was: StoredStatus },
) {
  const { email, ...rest } = req;
  return [
    {
      Put: {
        TableName: table(),
        Item: { ...Keys.privacyRequest(req.id), type: "privacyRequest", ...rest, ...(email ? { email } : {}) },
        ...(condition
          ? {
              ConditionExpression: condition.expression,
              ExpressionAttributeValues: condition.values,
              ...(condition.names ? { ExpressionAttributeNames: condition.names } : {}),
            }
          : {}),
      },
    },
    { Put: { TableName: table(), Item: indexItem(req) } },
    ...counterWrites(req, condition?.was),
  ];
}

/** The condition that a request is still in `status` when it is rewritten. */
export const whileStatus = (status: StoredStatus) => ({
  expression: "#status = :was",
  names: { "#status": "status" },
  values: { ":was": status },
  was: status,
});

export async function readRequest(id: string): Promise<PrivacyRequest | undefined> {
  const res = await db().send(new GetCommand({ TableName: table(), Key: Keys.privacyRequest(id), ConsistentRead: true }));
  if (!res.Item) return undefined;
  const { pk: _pk, sk: _sk, type: _type, ...req } = res.Item;
  return req as PrivacyRequest;
}
