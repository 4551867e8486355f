import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { db, table } from "../db/client";
import type { Version } from "./define";

/**
 * The version of a collection whose every write (additions too) increments `revision` on one item
 * (the newsletter's and the privacy requests' META): the revision stands for the count as well, so
 * any change reloads the part, which is cheap for collections of that size.
 */
export async function revisionVersion(key: { pk: string; sk: string }): Promise<Version> {
  const res = await db().send(new GetCommand({ TableName: table(), Key: key, ProjectionExpression: "revision", ConsistentRead: true }));
  const revision = Number(res.Item?.revision ?? 0);
  return { count: revision, revision };
}
