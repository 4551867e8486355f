import { personIndex } from "../db/person-index";
import { TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import type { TransactItem } from "../db/transact";
import { cancellationCodes } from "../db/cancellation";
import { table } from "../db/client";
import { db } from "../db/client";
import { Keys } from "../db/keys";
import { counterWrites } from "./counts";
import { indexItem, indexKey } from "./index-item";
import { isExpired, read, type Subscriber } from "./subscriber";
import { hashToken } from "../util/token";
import { isDeepStrictEqual } from "node:util";

/**
 * The one write path of subscribers. Every change — a consent, a confirmation, an unsubscribe, a
 * deletion — reads the subscriber, decides the next state in code and writes it in one transaction
 * conditional on the revision it read (`rev`), together with what follows from the state: the admin
 * index row, the confirmed-list keys (gsi2), the unsubscribe-token lookup, the count cards' counters
 * (counts.ts) and the caller's own items (an outbox event, a token). A concurrent change makes the condition
 * fail and the decision is taken again on the fresh state.
 */
export type { TransactItem };

export type Decision<T> =
  /**
   * write `next` (null deletes the subscriber) with `extra` in the same transaction, then answer
   * `result`. `targeted`: update only the subscriber item's attributes that differ from the stored
   * ones (an UpdateExpression, see `targetedUpdate`) rather than put the whole item, so that the
   * write succeeds whatever the stored item's size (an unsubscribe, which keeps the consents).
   */
  | { next: Subscriber | null; extra?: TransactItem[]; result: T; targeted?: boolean }
  /** nothing to write */
  | { result: T };

const MAX_ATTEMPTS = 5;

/** The subscriber's own item: its fields, its key, and the confirmed-list keys while confirmed. */
export function subscriberItem(sub: Subscriber): Record<string, unknown> {
  const fields = Object.fromEntries(Object.entries(sub).filter(([, v]) => v !== undefined));
  return {
    ...Keys.newsletter(sub.emailNormalized),
    ...personIndex(sub.emailNormalized, "newsletter", Keys.newsletter(sub.emailNormalized)),
    type: "newsletter",
    ...fields,
    ...(sub.status === "confirmed" && sub.confirmedAt ? Keys.newsletterConfirmed(sub.confirmedAt, sub.emailNormalized) : {}),
  };
}

/** The unsubscribe token's lookup, with the subscriber's TTL (rewritten with every write) so it never outlives them. */
const unsubscribeLookup = (sub: Subscriber) => ({
  ...Keys.newsletterUnsubscribe(hashToken(sub.unsubscribeToken!)),
  type: "newsletterUnsubscribe",
  email: sub.emailNormalized,
  ...(sub.expiresAt !== undefined ? { expiresAt: sub.expiresAt } : {}),
});

/** Every item that represents one subscriber; for imports, tests and benchmarks (BatchWrite them). */
export function subscriberItems(sub: Subscriber): Record<string, unknown>[] {
  return [subscriberItem(sub), indexItem(sub), ...(sub.unsubscribeToken ? [unsubscribeLookup(sub)] : [])];
}

/**
 * Reads the subscriber of `email`, lets `decide` choose (it sees `undefined` for none or an expired
 * one) and writes the decision. Returns the decision's result.
 */
export async function mutate<T>(email: string, decide: (current: Subscriber | undefined) => Decision<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const stored = await read(email);
    const decision = decide(stored && !isExpired(stored) ? stored : undefined);
    if (!("next" in decision)) return decision.result;
    try {
      await db().send(new TransactWriteCommand({ TransactItems: [...writes(stored, decision.next, decision.targeted), ...(decision.extra ?? [])] }));
      return decision.result;
    } catch (err) {
      if (cancellationCodes(err)[0] !== "ConditionalCheckFailed" || attempt >= MAX_ATTEMPTS) throw err;
    }
  }
}

/**
 * The update that turns the stored subscriber's item into `next`'s: SET what changed or is new,
 * REMOVE what is gone (e.g. the confirmed-list keys, the TTL), nothing else. Attributes `next`
 * leaves as they were read (the consents) are not sent: an item written before KEPT_CONSENTS keeps
 * every consent it holds.
 */
export function targetedUpdate(
  stored: Subscriber,
  next: Subscriber,
): { UpdateExpression: string; ExpressionAttributeNames: Record<string, string>; ExpressionAttributeValues: Record<string, unknown> } {
  const before = subscriberItem(stored);
  const after = subscriberItem(next);
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const set: string[] = [];
  const remove: string[] = [];
  Object.keys({ ...before, ...after }).forEach((name, i) => {
    if (name === "pk" || name === "sk" || isDeepStrictEqual(before[name], after[name])) return;
    names[`#a${i}`] = name;
    if (after[name] === undefined) remove.push(`#a${i}`);
    else {
      values[`:a${i}`] = after[name];
      set.push(`#a${i} = :a${i}`);
    }
  });
  return {
    UpdateExpression: [set.length ? `SET ${set.join(", ")}` : "", remove.length ? `REMOVE ${remove.join(", ")}` : ""].filter(Boolean).join(" "),
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}

function writes(stored: Subscriber | undefined, next: Subscriber | null, targeted = false): TransactItem[] {
  const TableName = table();
  const condition = stored
    ? { ConditionExpression: "rev = :rev", ExpressionAttributeValues: { ":rev": stored.rev } }
    : { ConditionExpression: "attribute_not_exists(pk)" };
  const items: TransactItem[] = [];
  if (next) {
    const written = { ...next, rev: (stored?.rev ?? 0) + 1 };
    if (targeted && stored) {
      const update = targetedUpdate(stored, written);
      items.push({
        Update: {
          TableName,
          Key: Keys.newsletter(stored.emailNormalized),
          UpdateExpression: update.UpdateExpression,
          ConditionExpression: "rev = :rev",
          ExpressionAttributeNames: update.ExpressionAttributeNames,
          ExpressionAttributeValues: { ...update.ExpressionAttributeValues, ":rev": stored.rev },
        },
      });
    } else items.push({ Put: { TableName, Item: subscriberItem(written), ...condition } });
    items.push({ Put: { TableName, Item: indexItem(written) } });
    if (written.unsubscribeToken) items.push({ Put: { TableName, Item: unsubscribeLookup(written) } });
  } else if (stored) {
    items.push({ Delete: { TableName, Key: Keys.newsletter(stored.emailNormalized), ...condition } });
    items.push({ Delete: { TableName, Key: indexKey(stored.emailNormalized) } });
  }
  if (stored?.unsubscribeToken && stored.unsubscribeToken !== next?.unsubscribeToken) {
    items.push({ Delete: { TableName, Key: Keys.newsletterUnsubscribe(hashToken(stored.unsubscribeToken)) } });
  }
  items.push(...counterWrites(stored, next));
  return items;
}
