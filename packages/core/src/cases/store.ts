import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { countShardUpdate } from "../collection/count-shards";
import { db, table } from "../db/client";
import { Keys } from "../db/keys";
import { queryAll } from "../db/query";
import { transactWithRetries, type TransactItem } from "../db/transact";
import { NotFoundError, VisibleError } from "../util/error";
import { isSortableId, sortableId } from "../util/id";
import type { Member } from "./counts";
import { indexItem } from "./index-item";
import type { CaseHead, TimelineEntry } from "./info";

/**
 * A case in the table: its head (pk `CASE#<id>`, sk `CASE`), its members (sk `R#<reportId>`) and
 * its timeline (sk `T#<sortable id>`), one partition. Every write of the head is conditioned on the
 * version it read and puts the case's admin index row and its timeline entries in the same
 * transaction (`changeCase`), so the list, the head and the timeline never disagree.
 */

export class CaseNotFound extends NotFoundError {
  constructor() {
    super("case.not_found", "Case not found");
  }
}

/** Someone changed the head between our read and our write, more times than we retry. */
const MAX_HEAD_ATTEMPTS = 16;

/** Writers that kept meeting each other on one case: the last ones are told to try again. */
export class CaseBusy extends VisibleError {
  constructor() {
    super(409, "case.busy", "This case was changing while you saved. Please try again.");
  }
}

export const headItem = (head: CaseHead) => ({ ...Keys.scamCase(head.id), type: "scamCase", ...head, assignee: head.assignee ?? null });

function headOf(item: Record<string, unknown>): CaseHead {
  const { pk: _pk, sk: _sk, type: _type, ...head } = item;
  return head as unknown as CaseHead;
}

/** A timeline entry to write; `id` (a sortable id) makes writing it again rewrite the same entry. */
export type TimelineInput = Omit<TimelineEntry, "id" | "at"> & { id?: string };

/** One timeline entry of a case, at `at`, and its item. */
function timelineItem(caseId: string, { id: given, ...entry }: TimelineInput, at = new Date()) {
  const id = given ?? sortableId(at.getTime());
  const written: TimelineEntry = { id, at: at.toISOString(), ...entry };
  return { written, item: { ...Keys.scamCaseEvent(caseId, id), type: "caseEvent", ...written } };
}

/** The Put of one timeline entry of a case, at `at`. */
export const timelinePut = (caseId: string, entry: TimelineInput, at = new Date()): TransactItem => ({
  Put: { TableName: table(), Item: timelineItem(caseId, entry, at).item },
});

/** The case, or undefined (strongly consistent: it is read before every change). */
export async function find(caseId: string): Promise<CaseHead | undefined> {
  if (!isSortableId(caseId)) return undefined;
  const res = await db().send(new GetCommand({ TableName: table(), Key: Keys.scamCase(caseId), ConsistentRead: true }));
  return res.Item ? headOf(res.Item) : undefined;
}

export async function fromId(caseId: string): Promise<CaseHead> {
  const head = await find(caseId);
  if (!head) throw new CaseNotFound();
  return head;
}

/**
 * A new case: its head, its index row, +1 on the cases' count and its first timeline entries, in one
 * transaction. False when a case with its id exists already (a confirmation run again).
 */
export async function createCase(head: CaseHead, timeline: TimelineInput[]): Promise<boolean> {
  const { written } = await transactWithRetries(
    () =>
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: table(), Item: headItem(head), ConditionExpression: "attribute_not_exists(pk)" } },
          { Put: { TableName: table(), Item: indexItem(head) } },
          countShardUpdate(Keys.scamCaseCount, "caseCount", 1),
          ...timeline.map((entry, i) => timelinePut(head.id, entry, new Date(Date.now() + i))),
        ],
      }),
    { onCancelled: (reasons) => (reasons[0] === "ConditionalCheckFailed" ? "refused" : undefined) },
  );
  return written;
}

/** What a change makes of the head it read: the new head, its timeline entries, other items of the same transaction. */
export interface HeadChange {
  head: CaseHead;
  timeline?: TimelineInput[];
  /** e.g. the outbox item of `case.status-changed` */
  extra?: TransactItem[];
}

/**
 * Reads the case, asks `change` what to make of it (undefined: nothing to do) and writes the new head
 * (updatedAt now, version + 1, conditioned on the version read) with its index row, timeline entries
 * and `extra`. Another write in between makes it read again and ask again. Answers the head before
 * and after (after = before when nothing changed).
 */
export async function changeCase(
  caseId: string,
  change: (head: CaseHead) => HeadChange | undefined | Promise<HeadChange | undefined>,
): Promise<{ before: CaseHead; after: CaseHead }> {
  for (let attempt = 1; ; attempt++) {
    const before = await fromId(caseId);
    const planned = await change(before);
    if (!planned) return { before, after: before };
    const after: CaseHead = { ...planned.head, id: before.id, updatedAt: new Date().toISOString(), version: before.version + 1 };
    const { written } = await transactWithRetries(
      () =>
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: table(),
                Item: headItem(after),
                ConditionExpression: "#version = :version",
                ExpressionAttributeNames: { "#version": "version" },
                ExpressionAttributeValues: { ":version": before.version },
              },
            },
            { Put: { TableName: table(), Item: indexItem(after) } },
            ...(planned.timeline ?? []).map((entry, i) => timelinePut(caseId, entry, new Date(Date.now() + i))),
            ...(planned.extra ?? []),
          ],
        }),
      { onCancelled: (reasons) => (reasons[0] === "ConditionalCheckFailed" ? "refused" : undefined) },
    );
    if (written) return { before, after };
    if (attempt >= MAX_HEAD_ATTEMPTS) throw new CaseBusy();
    // apart, so writers that met do not meet again at once
    await new Promise((r) => setTimeout(r, Math.random() * 15 * attempt));
  }
}

/** A timeline entry alone (a note): the head is not rewritten, so notes never contend with its changes. */
export async function addTimelineEntry(caseId: string, entry: TimelineInput): Promise<TimelineEntry> {
  const { written, item } = timelineItem(caseId, entry);
  await db().send(new PutCommand({ TableName: table(), Item: item }));
  return written;
}

const memberOf = (item: Record<string, unknown>): Member => ({
  reportId: String(item.reportId),
  reference: String(item.reference),
  createdAt: String(item.createdAt),
  publishConsent: item.publishConsent === true,
  wantUpdates: item.wantUpdates === true,
  scamTypes: (item.scamTypes as string[] | undefined) ?? [],
  state: String(item.state ?? ""),
  amountLost: typeof item.amountLost === "number" ? item.amountLost : null,
  dateOccurred: String(item.dateOccurred ?? ""),
  identifiers: (item.identifiers as Member["identifiers"] | undefined) ?? [],
});

/** The member item of a report in a case. */
export const memberItem = (caseId: string, member: Member) => ({ ...Keys.scamCaseMember(caseId, member.reportId), type: "caseMember", caseId, ...member });

/** Every member of a case (strongly consistent: counts are recounted from it). */
export async function membersOf(caseId: string): Promise<Member[]> {
  if (!isSortableId(caseId)) return [];
  const items = await queryAll({
    TableName: table(),
    KeyConditionExpression: "pk = :pk AND begins_with(sk, :members)",
    ExpressionAttributeValues: { ":pk": Keys.scamCasePartition(caseId), ":members": Keys.scamCaseMemberPrefix },
    ConsistentRead: true,
  });
  return items.map(memberOf);
}

/** The timeline's latest `limit` entries, oldest first. */
export async function timelineOf(caseId: string, limit = 500): Promise<TimelineEntry[]> {
  const res = await db().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: "pk = :pk AND begins_with(sk, :events)",
      ExpressionAttributeValues: { ":pk": Keys.scamCasePartition(caseId), ":events": Keys.scamCaseEventPrefix },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (res.Items ?? []).map(({ pk: _pk, sk: _sk, type: _type, ...entry }) => entry as unknown as TimelineEntry).reverse();
}

/** How many cases there are: one item, strongly consistent. */
export async function count(): Promise<number> {
  const res = await db().send(new GetCommand({ TableName: table(), Key: Keys.scamCaseCount, ConsistentRead: true }));
  return Number(res.Item?.count ?? 0);
}
