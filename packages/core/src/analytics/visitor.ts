import { createHash } from "node:crypto";
import { PutCommand } from "@aws-sdk/lib-dynamodb";
import { db, table } from "../db/client";
import { Keys } from "../db/keys";
import { dayEnd } from "./calendar";

/**
 * A visitor, without cookies or storage: SHA-256(the day's salt ‖ IP ‖ user agent), its first 16
 * bytes in base64url. The same browser on the same network is one visitor for one New York day; the
 * next day's salt makes it someone new, and once a salt is destroyed nobody can tell whose id it was.
 */
export function visitorId(salt: Buffer, ip: string, userAgent: string): string {
  return createHash("sha256").update(salt).update(ip).update("\u0000").update(userAgent).digest().subarray(0, 16).toString("base64url");
}

/** Markers are only needed during their day; this keeps a late hit of the day from counting twice. */
const MARKER_MARGIN_S = 86_400;

/**
 * Records that `visitorId` was seen on `day` (the marker holds nothing but the salted hash):
 * true the first time, so the day's unique count goes up exactly once per visitor.
 */
export async function markVisit(day: string, id: string): Promise<boolean> {
  try {
    await db().send(
      new PutCommand({
        TableName: table(),
        Item: {
          ...Keys.analyticsVisit(day, id),
          type: "analyticsVisit",
          expiresAt: Math.floor(Math.max(dayEnd(day).getTime(), Date.now()) / 1000) + MARKER_MARGIN_S,
        },
        ConditionExpression: "attribute_not_exists(pk)",
      }),
    );
    return true;
  } catch (err) {
    if ((err as Error).name === "ConditionalCheckFailedException") return false;
    throw err;
  }
}
