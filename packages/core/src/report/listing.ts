export * as ReportListing from "./listing";

import { GetCommand, QueryCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { z } from "zod";
import type { NamedRows } from "../collection/def";
import { defineCollection } from "../collection/define";
import { MAX_NAME_MATCHES } from "../collection/name-source";
import { allOf, isYes, isoDay, oneOf, yesNo } from "../collection/filters";
import { storedRows } from "../collection/index-rows";
import { settings } from "../config";
import { putAll } from "../db/batch";
import { db, table } from "../db/client";
import { Keys } from "../db/keys";
import { isSortableId, sortableId } from "../util/id";
import { normaliseReference } from "./reference";
import { build, referenceItem, reportItem, type CreateRequest, type Info, type StoredEvidence } from "./index";
import { COLLECTION, NAME_SEARCH, ORDERS, PART, decodeRow, indexItem, layout } from "./index-item";
import { identifierItem, identifiersOf, identifiersOfQuery, reportIdsWith } from "./identifier-items";
import type { ReportRow } from "./record";
import { STATUSES } from "./status";

/**
 * The admin list of scam reports: the reports collection (collection/define.ts) over
 * the reportIndex rows, one part holding every report. docs/data-model.md ("Scam reports").
 */

export const SORTS = ["createdAt", "dateOccurred", "fullName", "scammerName", "companyName", "amountLost", "status"] as const;
export type Sort = (typeof SORTS)[number];

/** The spec's filters (date occurred from/to, money lost, speak with team) and ours (status). */
export const FILTERS = {
  dateFrom: isoDay("Date from"),
  dateTo: isoDay("Date to"),
  moneyLost: yesNo("Money lost"),
  speakWithTeam: yesNo("Speak with team"),
  status: oneOf(STATUSES, "Status"),
};
type Filters = z.output<z.ZodObject<typeof FILTERS>>;

export function predicate(q: Filters) {
  return allOf<ReportRow>(
    q.dateFrom && ((r) => r.dateOccurred >= q.dateFrom!),
    q.dateTo && ((r) => r.dateOccurred <= q.dateTo!),
    q.moneyLost && ((r) => r.moneyLost === isYes(q.moneyLost!)),
    q.speakWithTeam && ((r) => r.speakWithTeam === isYes(q.speakWithTeam!)),
    q.status && ((r) => r.status === q.status),
  );
}

/** The reports' count: the sum of the shards, one strongly consistent query of ≤ 10 small items. */
export async function count(): Promise<number> {
  const res = await db().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: "pk = :pk AND begins_with(sk, :shard)",
      ExpressionAttributeValues: { ":pk": Keys.reportsPartition, ":shard": "COUNT#" },
      ProjectionExpression: "#count",
      ExpressionAttributeNames: { "#count": "count" },
      ConsistentRead: true,
    }),
  );
  return (res.Items ?? []).reduce((sum, item) => sum + Number(item.count ?? 0), 0);
}

/**
 * The report a search names: its id, or its reference number typed with its "TSR" (any case, with or
 * without dashes; without the prefix, eight letters could be a name), through the reference's guard.
 */
function reportNamed(needle: string): NamedRows | undefined {
  if (isSortableId(needle)) return [{ part: PART, id: needle }];
  const reference = /^tsr[\s-]*[0-9a-z]/.test(needle) ? normaliseReference(needle) : null;
  if (!reference) return reportsNaming(needle);
  return () =>
    db()
      .send(new GetCommand({ TableName: table(), Key: Keys.reportRef(reference), ConsistentRead: true }))
      .then(({ Item }) => (typeof Item?.reportId === "string" ? [{ part: PART, id: Item.reportId }] : []));
}

/**
 * The reports naming a phone number or a website typed in the search, in any spelling ("(407)
 * 555-0199", "+1 407-555-0199", "https://www.exitpros.example/claim"): one query of the identifier
 * index per reading of it (report/identifier-items.ts), at most MAX_NAME_MATCHES reports, newest
 * first. A company's name stays a name search (the list's company keys).
 */
function reportsNaming(needle: string): NamedRows | undefined {
  const identifiers = identifiersOfQuery(needle).filter((i) => i.type === "phone" || i.type === "domain");
  if (!identifiers.length) return undefined;
  return async () => {
    const ids = (await Promise.all(identifiers.map((i) => reportIdsWith(i, MAX_NAME_MATCHES)))).flat();
    return [...new Set(ids)].map((id) => ({ part: PART, id }));
  };
}

export const reports = defineCollection({
  name: COLLECTION,
  orders: ORDERS satisfies Record<Sort, unknown>,
  nameSearch: NAME_SEARCH,
  defaultSort: "createdAt",
  pageSizes: { default: 10, max: 100 },
  filters: FILTERS,
  predicate,
  ...storedRows(layout, decodeRow, () => [PART]),
  count,
  direct: {
    indexKey: layout.key,
    person: { kind: "report", rowsOf: (key) => [Keys.reportOf(key)].flatMap((id) => (id ? [{ part: PART, id }] : [])) },
    named: reportNamed,
  },
});

/** Every report row, newest first unless asked otherwise, a page at a time. */
export const stream = (sort: Sort = "createdAt", order: "asc" | "desc" = "desc") => reports.stream(undefined, sort, order);

// ---------------------------------------------------------------------------------------------
// Bulk import (seeding, benchmarks, tests)

export interface ImportedReport extends CreateRequest {
  /** when it was reported (its id, reference-free times and createdAt follow it) */
  at?: Date;
  evidence?: StoredEvidence[];
}

/**
 * Writes reports in bulk without transactions: BatchWrite of each report, its reference guard, its
 * index row and its identifier items, then the number written ADDed to the count shards. No rate limit, no outbox event
 * (no e-mails), no evidence check. For seeding and benchmarks, not for visitors.
 */
export async function importBatch(requests: ImportedReport[]): Promise<Info[]> {
  const { built, items } = importedItems(requests);
  await putAll(items);
  await addToCount(built.length);
  return built;
}

/** The reports built from import requests, and every item importBatch writes for them (not the count). */
export function importedItems(requests: ImportedReport[]): { built: Info[]; items: Record<string, unknown>[] } {
  const built = requests.map((req) => {
    const at = req.at ?? new Date();
    return build(sortableId(at.getTime()), req, req.evidence ?? [], at);
  });
  return { built, items: built.flatMap((r) => [reportItem(r), referenceItem(r), indexItem(r), ...identifiersOf(r).map((i) => identifierItem(r, i))]) };
}

/** The UpdateItems that add n imported reports to the count, spread over its shards. */
export function countUpdates(n: number) {
  const shards = settings().COUNTER_SHARDS;
  return Array.from({ length: Math.min(shards, n) }, (_, shard) => ({
    TableName: table(),
    Key: Keys.reportCountShard(shard),
    UpdateExpression: "ADD #count :n SET #type = :type",
    ExpressionAttributeNames: { "#count": "count", "#type": "type" },
    ExpressionAttributeValues: { ":n": Math.floor(n / shards) + (shard < n % shards ? 1 : 0), ":type": "reportCount" },
  }));
}

/** Adds n imported reports to the count. */
export async function addToCount(n: number): Promise<void> {
  await Promise.all(countUpdates(n).map((update) => db().send(new UpdateCommand(update))));
}
