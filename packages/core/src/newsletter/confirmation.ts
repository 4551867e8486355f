import { personIndex } from "../db/person-index";
import { DeleteCommand, GetCommand } from "@aws-sdk/lib-dynamodb";
import { Bus } from "../bus";
import { cancellationCodes } from "../db/cancellation";
import { db, table } from "../db/client";
import { putIf } from "../db/conditional";
import { Keys } from "../db/keys";
import { SubmittedMeanwhile, keyTaken, submissionPut, submitOnce } from "../idempotency/submissions";
import { Mail } from "../mail";
import { Outbox } from "../outbox";
import { VisibleError } from "../util/error";
import { confirmationEmail } from "./emails";
import { Events } from "./events";
import { mutate } from "./store";
import { hashToken, isTokenShape, newToken } from "../util/token";
import { NEWSLETTER_CONFIRMATION_DAYS } from "../policy/retention";

/** At most one confirmation e-mail per address in this window. */
export const CONFIRMATION_EMAIL_WINDOW_MS = 24 * 3600 * 1000;
/** How long a confirmation link works. */
export const TOKEN_VALID_SECONDS = NEWSLETTER_CONFIRMATION_DAYS * 24 * 3600;

export class InvalidConfirmation extends VisibleError {
  constructor() {
    super(400, "newsletter.invalid_token", "This confirmation link is invalid, was already used, or has expired.");
  }
}

/**
 * Sends an unconfirmed subscriber their confirmation link, unless one went to them within 24 h.
 * The claim (`confirmationSentAt`) and the token's hash are written together; `eventId` lets a
 * retry of the same delivery (the mail failed after the claim) through, with a new token. Callers
 * run it once per event (Idempotency).
 */
export async function sendConfirmation(email: string, eventId: string): Promise<"sent" | "skipped"> {
  const now = Date.now();
  const token = newToken();
  const claimed = await mutate(email, (current) => {
    if (current?.status !== "unconfirmed") return { result: undefined };
    const last = current.confirmationSentAt ? Date.parse(current.confirmationSentAt) : 0;
    if (now - last < CONFIRMATION_EMAIL_WINDOW_MS && current.confirmationEventId !== eventId) return { result: undefined };
    const tokenItem = {
      ...Keys.newsletterToken(hashToken(token)),
      ...personIndex(current.emailNormalized, "newsletterToken", Keys.newsletterToken(hashToken(token))),
      type: "newsletterToken",
      email: current.emailNormalized,
      createdAt: new Date(now).toISOString(),
      validUntil: new Date(now + TOKEN_VALID_SECONDS * 1000).toISOString(),
      expiresAt: Math.floor(now / 1000) + TOKEN_VALID_SECONDS,
    };
    return {
      next: { ...current, confirmationSentAt: new Date(now).toISOString(), confirmationEventId: eventId },
      extra: [{ Put: { TableName: table(), Item: tokenItem } }],
      result: current,
    };
  });
  if (!claimed) return "skipped";
  await Mail.send({ kind: "newsletter-confirmation", to: [claimed.email], ...confirmationEmail(claimed, token) });
  return "sent";
}

export type ConfirmResult = "confirmed" | "already_confirmed";

/**
 * Confirms the subscriber a token names: status confirmed, `confirmedAt`, TTL removed, an
 * unsubscribe token given (kept from an earlier confirmation), the token deleted and
 * `newsletter.confirmed` recorded, in one transaction, then published. A token works once; a valid
 * one for a subscriber already confirmed is used up without anything new. With the page's
 * idempotency `key` (scoped to the token), a retry of a confirmation whose answer the page did not
 * get answers it again instead of "link used".
 */
export async function confirm(token: string, key?: string): Promise<ConfirmResult> {
  if (!isTokenShape(token)) throw new InvalidConfirmation();
  const scope = `newsletter-confirm#${hashToken(token)}`;
  const answer = await submitOnce(scope, key, async () => ({ status: await useToken(token, key ? { scope, key } : undefined) }));
  return answer.status as ConfirmResult;
}

async function useToken(token: string, submission: { scope: string; key: string } | undefined): Promise<ConfirmResult> {
  const stored = (status: ConfirmResult) => (submission ? [submissionPut(submission.scope, submission.key, { status })] : []);
  const tokenKey = Keys.newsletterToken(hashToken(token));
  const res = await db().send(new GetCommand({ TableName: table(), Key: tokenKey, ConsistentRead: true }));
  const item = res.Item;
  if (!item || Date.parse(String(item.validUntil)) <= Date.now()) throw new InvalidConfirmation();
  const email = String(item.email);
  const event = Outbox.record(Events.Confirmed, { email });

  let result: ConfirmResult | "invalid";
  try {
    result = await mutate<ConfirmResult | "invalid">(email, (current) => {
      if (current?.status !== "unconfirmed") return { result: current?.status === "confirmed" ? "already_confirmed" : "invalid" };
      const now = new Date(Date.now()).toISOString();
      return {
        next: { ...current, status: "confirmed", confirmedAt: now, expiresAt: undefined, unsubscribeToken: current.unsubscribeToken ?? newToken() },
        extra: [{ Delete: { TableName: table(), Key: tokenKey, ConditionExpression: "attribute_exists(pk)" } }, Outbox.put(event), ...stored("confirmed")],
        result: "confirmed",
      };
    });
  } catch (err) {
    const codes = cancellationCodes(err);
    if (submission && keyTaken(submission.key, codes)) throw new SubmittedMeanwhile(submission.scope);
    // used meanwhile by a concurrent click
    if (codes.includes("ConditionalCheckFailed")) throw new InvalidConfirmation();
    throw err;
  }
  if (result !== "confirmed") {
    const [answer] = result === "invalid" ? [] : stored(result);
    if (answer?.Put) await putIf(answer.Put);
    await db().send(new DeleteCommand({ TableName: table(), Key: tokenKey }));
    if (result === "invalid") throw new InvalidConfirmation();
    return result;
  }
  await Bus.publish(Events.Confirmed, event.detail, event.id);
  return result;
}
