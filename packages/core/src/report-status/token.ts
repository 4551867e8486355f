import { GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import { db, table } from "../db/client";
import { Keys } from "../db/keys";
import { VisibleError } from "../util/error";
import { hashToken, isTokenShape, newToken } from "../util/token";
import { LINK_HOURS, REPORT_STATUS_MESSAGES } from "./answers";

/**
 * The status link's token: 32 random bytes, of which only the SHA-256 is stored
 * (Keys.reportStatusToken), with the report's id and the moment it stops working. Single purpose:
 * it shows one report's status, nothing else (no other route takes it). The item expires by TTL.
 */

export class InvalidStatusLink extends VisibleError {
  constructor() {
    super(404, "report_status.invalid_link", REPORT_STATUS_MESSAGES.invalidLink);
  }
}

export class ExpiredStatusLink extends VisibleError {
  constructor() {
    super(410, "report_status.expired_link", REPORT_STATUS_MESSAGES.expiredLink);
  }
}

/** A new link for `reportId`, working LINK_HOURS: its token (for the e-mail) after its item is stored. */
export async function mint(reportId: string, now = Date.now()): Promise<string> {
  const token = newToken();
  const validUntil = now + LINK_HOURS * 3600_000;
  await db().send(
    new PutCommand({
      TableName: table(),
      Item: {
        ...Keys.reportStatusToken(hashToken(token)),
        type: "reportStatusToken",
        reportId,
        validUntil: new Date(validUntil).toISOString(),
        expiresAt: Math.floor(validUntil / 1000),
      },
    }),
  );
  return token;
}

/**
 * The report a link's token names. Unknown (or not a token at all): 404; stored but past its
 * period (TTL deletion lags by up to days): 410. One read, nothing written.
 */
export async function open(token: string, now = Date.now()): Promise<string> {
  if (!isTokenShape(token)) throw new InvalidStatusLink();
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: Keys.reportStatusToken(hashToken(token)), ConsistentRead: true }));
  if (!Item || typeof Item.reportId !== "string") throw new InvalidStatusLink();
  if (Date.parse(String(Item.validUntil)) <= now) throw new ExpiredStatusLink();
  return Item.reportId;
}
