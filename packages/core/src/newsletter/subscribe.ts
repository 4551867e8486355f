import { TransactWriteCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { Bus } from "../bus";
import { cancellationCodes } from "../db/cancellation";
import { db, table } from "../db/client";
import { Keys } from "../db/keys";
import { Outbox } from "../outbox";
import { normaliseEmail } from "../util/email";
import { Events } from "./events";
import { UNCONFIRMED_TTL_SECONDS, find, subscriberKey, type Consent, type Status } from "./subscriber";

export interface Subscription {
  email: string;
  name: string;
  consentAt: string;
  /** Where the visitor gave consent, e.g. "petition:timeshare-reform". */
  source: string;
}

/** What a consent did: the subscriber's status after it, or "duplicate" when this consent was already recorded (a redelivered event). */
export type SubscribeResult = Extract<Status, "unconfirmed" | "confirmed"> | "duplicate";

/**
 * A consent's identity: the existing subscribers call `subscribe` on every delivery of their event,
 * so a redelivery must not record the same consent twice. Kept in the string set `consentKeys`.
 */
const consentKey = (c: Consent) => `${c.source}\n${c.at}`;

const MAX_ATTEMPTS = 5;

/**
 * Records a consent. A new, unconfirmed or unsubscribed address becomes (or stays) unconfirmed and
 * gets `newsletter.confirmation_requested` in the same transaction (outbox), then published; a
 * confirmed one stays confirmed with the consent appended and nothing sent. Each path is a
 * conditional write on the status it assumes: a concurrent change makes it fail and try the other.
 */
export async function subscribe(sub: Subscription): Promise<SubscribeResult> {
  const consent: Consent = { source: sub.source, at: sub.consentAt };
  for (let attempt = 1; ; attempt++) {
    const event = Outbox.record(Events.ConfirmationRequested, { email: normaliseEmail(sub.email) });
    if (await tryAsUnconfirmed(sub, consent, event)) {
      await Bus.publish(Events.ConfirmationRequested, event.detail, event.id);
      return "unconfirmed";
    }
    if (await tryAsConfirmed(sub, consent)) return "confirmed";
    const current = await find(sub.email);
    if (current?.consents.some((c) => consentKey(c) === consentKey(consent))) return "duplicate";
    if (attempt >= MAX_ATTEMPTS) throw new Error("newsletter subscribe: the subscriber kept changing");
  }
}

const notYetRecorded = "NOT contains(consentKeys, :key)";

function consentValues(consent: Consent) {
  return { ":consent": [consent], ":key": consentKey(consent), ":keys": new Set([consentKey(consent)]) };
}

/** Any state but confirmed → unconfirmed, with the TTL moved to 30 days after this consent, and the outbox item. */
async function tryAsUnconfirmed(sub: Subscription, consent: Consent, event: Bus.Published): Promise<boolean> {
  // stored normalised, as before consents were kept: the address is the subscriber's identity
  const email = normaliseEmail(sub.email);
  const expiresAt = Math.floor(Date.parse(sub.consentAt) / 1000) + UNCONFIRMED_TTL_SECONDS;
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: table(),
              Key: subscriberKey(email),
              UpdateExpression:
                "SET #type = :type, email = :email, emailNormalized = :normalized, #name = :name, #status = :unconfirmed, " +
                "consents = list_append(if_not_exists(consents, :none), :consent), createdAt = if_not_exists(createdAt, :now), " +
                "#source = if_not_exists(#source, :source), consentAt = if_not_exists(consentAt, :consentAt), " +
                "expiresAt = :expiresAt, gsi1pk = if_not_exists(gsi1pk, :gsi1pk), gsi1sk = if_not_exists(gsi1sk, :gsi1sk) ADD consentKeys :keys",
              ConditionExpression: `(attribute_not_exists(pk) OR #status <> :confirmed) AND ${notYetRecorded}`,
              ExpressionAttributeNames: { "#type": "type", "#name": "name", "#status": "status", "#source": "source" },
              ExpressionAttributeValues: {
                ...consentValues(consent),
                ":type": "newsletter",
                ":email": email,
                ":normalized": normaliseEmail(email),
                ":name": sub.name,
                ":source": consent.source,
                ":consentAt": consent.at,
                ":unconfirmed": "unconfirmed",
                ":confirmed": "confirmed",
                ":none": [],
                ":now": new Date(Date.now()).toISOString(),
                ":expiresAt": expiresAt,
                ...prefixed(Keys.newsletterList(sub.consentAt, email)),
              },
            },
          },
          Outbox.put(event),
        ],
      }),
    );
    return true;
  } catch (err) {
    if (cancellationCodes(err)[0] === "ConditionalCheckFailed") return false;
    throw err;
  }
}

/** A confirmed subscriber keeps status and name (a stranger typing their address changes neither); the consent is appended. */
async function tryAsConfirmed(sub: Subscription, consent: Consent): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: subscriberKey(sub.email),
        UpdateExpression: "SET consents = list_append(consents, :consent) ADD consentKeys :keys",
        ConditionExpression: `#status = :confirmed AND ${notYetRecorded}`,
        ExpressionAttributeNames: { "#status": "status" },
        ExpressionAttributeValues: { ...consentValues(consent), ":confirmed": "confirmed" },
      }),
    );
    return true;
  } catch (err) {
    if ((err as Error).name === "ConditionalCheckFailedException") return false;
    throw err;
  }
}

const prefixed = (values: Record<string, string>) => Object.fromEntries(Object.entries(values).map(([k, v]) => [`:${k}`, v]));
