import { GetCommand, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { Bus } from "../bus";
import { deleteInTransaction } from "../collection/delete-all";
import { getMany } from "../db/batch";
import { db, table } from "../db/client";
import { Keys } from "../db/keys";
import { transactWithRetries, type TransactItem } from "../db/transact";
import { errorAttributes, log } from "../log";
import { Outbox } from "../outbox";
import { removalDeletes, storedIdentifierKeys } from "./identifier-items";
import { indexKey, removalItems } from "./index-item";
import type { Info } from "./info";
import { Removed } from "./removed-event";
import { reportOfItem } from "./stored-item";

/**
 * A report's removal, one at a time (`deleteStored`, for Report.remove: an administrator's delete,
 * an erasure) or by groups (`deleteGroup`, for the delete-all and retention): the report item, its
 * reference guard, its admin index row and the count, its identifier items, its case member item,
 * and the outbox item of `report.removed`, in one transaction; the event published after it.
 *
 * The report item's delete is conditioned on the case read with it: a report put in a case (or
 * taken out) between the read and the transaction is read again, so its member item is never left
 * behind.
 */

export type RemovedEvent = ReturnType<typeof removedEvent>;

export const removedEvent = (report: Pick<Info, "id" | "caseId">) =>
  Outbox.record(Removed, { reportId: report.id, ...(report.caseId ? { caseId: report.caseId } : {}) });

/** The keys a report's removal deletes first: its reference guard and its item (see reportItems in index.ts). */
export const removalKeys = (report: Pick<Info, "id" | "reference">) => [Keys.reportRef(report.reference), Keys.report(report.id)];

/** A report as its removal reads it: the report and the identifier keys its item lists. */
export interface Stored {
  report: Info;
  identifierKeys: string[];
}

const storedOf = (item: Record<string, unknown>): Stored => ({ report: reportOfItem(item), identifierKeys: storedIdentifierKeys(item) });

/** The report item's delete: it must exist, in the case it was read in. */
function recordDelete(report: Pick<Info, "id" | "caseId">): TransactItem {
  const inCase = report.caseId ? "caseId = :caseId" : "attribute_not_exists(caseId)";
  return {
    Delete: {
      TableName: table(),
      Key: Keys.report(report.id),
      ConditionExpression: `attribute_exists(pk) AND ${inCase}`,
      ...(report.caseId ? { ExpressionAttributeValues: { ":caseId": report.caseId } } : {}),
    },
  };
}

/** What goes with the report item's delete, but the admin index row and the count (which single and group removals write differently). */
function companions({ report, identifierKeys }: Stored, event: RemovedEvent): TransactItem[] {
  return [
    { Delete: { TableName: table(), Key: Keys.reportRef(report.reference) } },
    ...removalDeletes(report, identifierKeys),
    ...(report.caseId ? [{ Delete: { TableName: table(), Key: Keys.scamCaseMember(report.caseId, report.id) } }] : []),
    Outbox.put(event),
  ];
}

/** One report's removal: its item first (its position is read back from a cancellation), then the rest. */
export const removalTransaction = (stored: Stored, event: RemovedEvent): TransactItem[] => [
  recordDelete(stored.report),
  ...companions(stored, event),
  ...removalItems(stored.report),
];

/** After the commit; never throws (the outbox items stored with the removal carry the events should this fail). */
async function publish(events: RemovedEvent[]): Promise<void> {
  if (!events.length) return;
  try {
    await Bus.send(events);
  } catch (err) {
    log.error("event publish failed", { type: Removed.type, events: events.length, ...errorAttributes(err) });
  }
}

/** Reads again after the report's case changed under the removal, at most this often. */
const CASE_CHANGES_BEFORE_GIVING_UP = 5;

/** The report item, read consistently (a case set a moment ago is seen). */
async function readStored(id: string): Promise<Stored | undefined> {
  const res = await db().send(new GetCommand({ TableName: table(), Key: Keys.report(id), ConsistentRead: true }));
  return res.Item ? storedOf(res.Item) : undefined;
}

/**
 * Deletes one report's items (its evidence files are the caller's) and publishes `report.removed`.
 * False when the report is gone (another caller removed it first).
 */
export async function deleteStored(id: string): Promise<boolean> {
  for (let attempt = 1; ; attempt++) {
    const stored = await readStored(id);
    if (!stored) return false;
    const event = removedEvent(stored.report);
    const { written } = await transactWithRetries(() => new TransactWriteCommand({ TransactItems: removalTransaction(stored, event) }), {
      onCancelled: (reasons) => (reasons[0] === "ConditionalCheckFailed" ? "refused" : undefined),
    });
    if (written) {
      await publish([event]);
      return true;
    }
    // gone, or put in a case (or out of one) since the read: read again
    if (attempt >= CASE_CHANGES_BEFORE_GIVING_UP) throw new Error(`report ${id} kept changing case while being removed`);
  }
}

/** DynamoDB's bound on a transaction's items. */
const MAX_TRANSACTION_ITEMS = 100;

interface Planned {
  id: string;
  record: TransactItem;
  companions: TransactItem[];
  event: RemovedEvent;
}

/**
 * Deletes a group of reports (the delete-all's, by their index rows), each with everything its
 * removal deletes: the group's items read consistently (BatchGet), then transactions of up to 100
 * items each (`totals` once per transaction: the count decremented by the reports in it). A report
 * removed meanwhile, or whose case changed since the read, is left out (the next chunk finds it
 * again). Answers how many reports it deleted.
 */
export async function deleteGroup(victims: readonly Pick<Info, "id" | "reference">[], totals: (n: number, attempt: number) => TransactItem[]): Promise<number> {
  const items = await getMany(
    victims.map((v) => Keys.report(v.id)),
    { consistent: true },
  );
  const stored = new Map(items.map((item) => [String(item.id), storedOf(item)]));
  const planned = victims.map((victim): Planned => {
    const found = stored.get(victim.id);
    const event = removedEvent(found?.report ?? victim);
    const own = found ? companions(found, event) : [{ Delete: { TableName: table(), Key: Keys.reportRef(victim.reference) } }];
    return {
      id: victim.id,
      record: recordDelete(found?.report ?? victim),
      companions: [...own, { Delete: { TableName: table(), Key: indexKey(victim.id) } }],
      event,
    };
  });
  let deleted = 0;
  for (const batch of byItemBudget(planned, MAX_TRANSACTION_ITEMS - totals(1, 0).length)) {
    let written: readonly Planned[] = [];
    const n = await deleteInTransaction(batch, {
      record: (p) => p.record,
      companions: (p) => p.companions,
      totals: (count, attempt, pending) => {
        written = pending;
        return totals(count, attempt);
      },
    });
    deleted += n;
    if (n) await publish(written.map((p) => p.event));
  }
  return deleted;
}

/** Consecutive runs of reports whose items fit one transaction. */
function byItemBudget(planned: Planned[], budget: number): Planned[][] {
  const batches: Planned[][] = [];
  let current: Planned[] = [];
  let size = 0;
  for (const p of planned) {
    const cost = 1 + p.companions.length;
    if (current.length && size + cost > budget) {
      batches.push(current);
      current = [];
      size = 0;
    }
    current.push(p);
    size += cost;
  }
  if (current.length) batches.push(current);
  return batches;
}
