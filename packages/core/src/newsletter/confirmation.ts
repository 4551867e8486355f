import { DeleteCommand, GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { Bus } from "../bus";
import { cancellationCodes } from "../db/cancellation";
import { db, table } from "../db/client";
import { Keys } from "../db/keys";
import { Mail } from "../mail";
import { Outbox } from "../outbox";
import { VisibleError } from "../util/error";
import { confirmationEmail } from "./emails";
import { Events } from "./events";
import { find, subscriberKey } from "./subscriber";
import { hashToken, isTokenShape, newToken } from "./token";

/** At most one confirmation e-mail per address in this window. */
export const CONFIRMATION_EMAIL_WINDOW_MS = 24 * 3600 * 1000;
/** How long a confirmation link works. */
export const TOKEN_VALID_SECONDS = 7 * 24 * 3600;

export class InvalidConfirmation extends VisibleError {
  constructor() {
    super(400, "newsletter.invalid_token", "This confirmation link is invalid or has expired.");
  }
}

/**
 * Sends an unconfirmed subscriber their confirmation link, unless one went to them within 24 h.
 * The claim is a conditional update of `confirmationSentAt`; `eventId` lets a retry of the same
 * delivery (the mail failed after the claim) through. Callers run it once per event (Idempotency).
 */
export async function sendConfirmation(email: string, eventId: string): Promise<"sent" | "skipped"> {
  const now = Date.now();
  let claimed: Record<string, unknown>;
  try {
    const res = await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: subscriberKey(email),
        UpdateExpression: "SET confirmationSentAt = :now, confirmationEventId = :eventId",
        ConditionExpression: "#status = :unconfirmed AND (attribute_not_exists(confirmationSentAt) OR confirmationSentAt <= :windowStart OR confirmationEventId = :eventId)",
        ExpressionAttributeNames: { "#status": "status" },
        ExpressionAttributeValues: {
          ":now": new Date(now).toISOString(),
          ":windowStart": new Date(now - CONFIRMATION_EMAIL_WINDOW_MS).toISOString(),
          ":eventId": eventId,
          ":unconfirmed": "unconfirmed",
        },
        ReturnValues: "ALL_NEW",
      }),
    );
    claimed = res.Attributes!;
  } catch (err) {
    if ((err as Error).name === "ConditionalCheckFailedException") return "skipped";
    throw err;
  }
  const token = newToken();
  await db().send(
    new PutCommand({
      TableName: table(),
      Item: {
        ...Keys.newsletterToken(hashToken(token)),
        type: "newsletterToken",
        email: String(claimed.emailNormalized),
        createdAt: new Date(now).toISOString(),
        validUntil: new Date(now + TOKEN_VALID_SECONDS * 1000).toISOString(),
        expiresAt: Math.floor(now / 1000) + TOKEN_VALID_SECONDS,
      },
    }),
  );
  await Mail.send({ to: [String(claimed.email)], ...confirmationEmail({ name: String(claimed.name ?? "") }, token) });
  return "sent";
}

export type ConfirmResult = "confirmed" | "already_confirmed";

/**
 * Confirms the subscriber a token names: status confirmed, `confirmedAt`, TTL removed, token deleted
 * and `newsletter.confirmed` recorded, in one transaction, then published. A token works once; a
 * valid one for a subscriber already confirmed is used up without anything new.
 */
export async function confirm(token: string): Promise<ConfirmResult> {
  if (!isTokenShape(token)) throw new InvalidConfirmation();
  const tokenKey = Keys.newsletterToken(hashToken(token));
  const res = await db().send(new GetCommand({ TableName: table(), Key: tokenKey, ConsistentRead: true }));
  const item = res.Item;
  if (!item || Date.parse(String(item.validUntil)) <= Date.now()) throw new InvalidConfirmation();
  const email = String(item.email);

  for (let attempt = 1; attempt <= 3; attempt++) {
    const sub = await find(email);
    if (!sub || sub.status !== "unconfirmed") {
      await useUp(tokenKey);
      if (sub?.status === "confirmed") return "already_confirmed";
      throw new InvalidConfirmation();
    }
    const event = Outbox.record(Events.Confirmed, { email });
    try {
      await db().send(
        new TransactWriteCommand({
          TransactItems: [
            { Delete: { TableName: table(), Key: tokenKey, ConditionExpression: "attribute_exists(pk)" } },
            {
              Update: {
                TableName: table(),
                Key: subscriberKey(email),
                UpdateExpression: "SET #status = :confirmed, confirmedAt = :now REMOVE expiresAt",
                ConditionExpression: "#status = :unconfirmed",
                ExpressionAttributeNames: { "#status": "status" },
                ExpressionAttributeValues: { ":confirmed": "confirmed", ":unconfirmed": "unconfirmed", ":now": new Date(Date.now()).toISOString() },
              },
            },
            Outbox.put(event),
          ],
        }),
      );
      await Bus.publish(Events.Confirmed, event.detail, event.id);
      return "confirmed";
    } catch (err) {
      const codes = cancellationCodes(err);
      // used meanwhile by a concurrent click
      if (codes[0] === "ConditionalCheckFailed") throw new InvalidConfirmation();
      // the subscriber changed meanwhile: look again
      if (codes[1] !== "ConditionalCheckFailed") throw err;
    }
  }
  throw new Error("newsletter confirm: the subscriber kept changing");
}

const useUp = (Key: Record<string, string>) => db().send(new DeleteCommand({ TableName: table(), Key }));
