export * as Listing from "./listing";

import { QueryCommand as RawQueryCommand, type QueryCommandInput as RawQueryInput } from "@aws-sdk/client-dynamodb";
import { BatchWriteCommand, GetCommand, QueryCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { z } from "zod";
import { settings } from "../config";
import { db, rawDb, table } from "../db/client";
import { queryAll } from "../db/query";
import { INDEX_BUCKETS, Keys } from "../db/keys";
import { Petition, PetitionNotFound } from "../petition";
import { sortableIdFloor } from "../util/id";
import { Order, Search, pageOf, pageQuery, type Page } from "../util/page";
import { build, guardItem, signatureItem, type Info, type SignRequest } from "./index";
import { decodeRow, indexItem, localEpoch, touch } from "./index-item";
import { toRow, type SignatureRow } from "./row";
import { errorAttributes, log } from "../log";

/**
 * The admin signature list: search, sort and pages over up to ~100,000 signatures. docs/data-model.md
 * ("Listing 100,000 signatures") explains the design: a compact index item per signature, loaded
 * with parallel queries into a per-process cache that a cheap version check keeps fresh.
 */

export const SORTS = ["createdAt", "firstName", "lastName", "email", "timeshareName", "petitionId"] as const;
export type Sort = (typeof SORTS)[number];

export const ListQuery = z.object({
  petitionId: z.string().trim().min(1).max(100).optional(),
  search: Search,
  sort: z.enum(SORTS, { error: `Sort by ${SORTS.join(", ")}` }).default("createdAt"),
  order: Order,
  ...pageQuery(500),
});
export type ListQuery = z.output<typeof ListQuery>;

export const ExportQuery = ListQuery.extend({
  ...pageQuery(1000, 1000),
  operationId: z.string().regex(/^[0-9a-z]{21}$/, "Unknown operation").optional(),
});

/** How long a process trusts its cached rows before re-checking the petition's version. */
export const RECHECK_MS = 2000;

// ---------------------------------------------------------------------------------------------
// Pure helpers (unit-tested)

const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });
const byId = (a: SignatureRow, b: SignatureRow) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Ascending order for a sort key; ties (and createdAt: ids are time-sortable) fall back to the id. */
export function comparator(sort: Sort): (a: SignatureRow, b: SignatureRow) => number {
  if (sort === "createdAt") return byId;
  if (sort === "petitionId") return (a, b) => (a.petitionId < b.petitionId ? -1 : a.petitionId > b.petitionId ? 1 : byId(a, b));
  return (a, b) => collator.compare(a[sort], b[sort]) || byId(a, b);
}

export function sortRows(rows: readonly SignatureRow[], sort: Sort, order: "asc" | "desc"): SignatureRow[] {
  const sorted = [...rows].sort(comparator(sort));
  return order === "desc" ? sorted.reverse() : sorted;
}

const haystacks = new WeakMap<SignatureRow, string>();
/** The lower-cased text a search looks into: first/last name, e-mail, timeshare name, petition id, city. */
export function haystack(row: SignatureRow): string {
  let h = haystacks.get(row);
  if (h === undefined) {
    h = [row.firstName, row.lastName, row.email, row.timeshareName, row.petitionId, row.city].join("\u0001").toLowerCase();
    haystacks.set(row, h);
  }
  return h;
}

export function filterRows(rows: readonly SignatureRow[], search: string): readonly SignatureRow[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return rows;
  return rows.filter((r) => haystack(r).includes(needle));
}

/** The smallest signature id created at or after `ms` (ids start with 9 base-36 digits of ms). */
export const idFloor = sortableIdFloor;
const idTime = (id: string) => parseInt(id.slice(0, 9), 36) || 0;

// ---------------------------------------------------------------------------------------------
// Loading and caching

interface PetitionRows {
  petitionId: string;
  rows: Map<string, SignatureRow>;
  count: number;
  revision: number;
  checkedAt: number;
  epoch: number;
  /** changes whenever `rows` does; keys the sorted and searched caches */
  version: number;
  newestMs: number;
}

const petitions = new Map<string, PetitionRows>();
const refreshing = new Map<string, Promise<PetitionRows | undefined>>();
let versions = 0;

/** Loads a petition's index rows, all of them or those created since `sinceMs`: INDEX_BUCKETS parallel queries. */
async function loadRows(petitionId: string, sinceMs?: number): Promise<SignatureRow[]> {
  const parts = await Promise.all(
    Array.from({ length: INDEX_BUCKETS }, async (_, bucket) => {
      const rows: SignatureRow[] = [];
      let ExclusiveStartKey: Record<string, unknown> | undefined;
      do {
        // The low-level client: 100,000 items of two strings need no document unmarshalling.
        const res = await rawDb().send(
          new RawQueryCommand({
            TableName: table(),
            KeyConditionExpression: sinceMs === undefined ? "pk = :pk" : "pk = :pk AND sk >= :from",
            ExpressionAttributeValues: {
              ":pk": { S: Keys.signatureIndexPartition(petitionId, bucket) },
              ...(sinceMs === undefined ? {} : { ":from": { S: idFloor(sinceMs) } }),
            },
            ProjectionExpression: "sk, r",
            ConsistentRead: true,
            ExclusiveStartKey: ExclusiveStartKey as RawQueryInput["ExclusiveStartKey"],
          }),
        );
        for (const item of res.Items ?? []) rows.push(decodeRow(petitionId, item.sk.S!, item.r.S!));
        ExclusiveStartKey = res.LastEvaluatedKey;
      } while (ExclusiveStartKey);
      return rows;
    }),
  );
  return parts.flat();
}

/** The petition's version: its signature count and the revision every deletion increments. */
async function versionOf(petitionId: string): Promise<{ count: number; revision: number } | undefined> {
  const [meta, count] = await Promise.all([
    db().send(
      new GetCommand({ TableName: table(), Key: Keys.petition(petitionId), ProjectionExpression: "pk, revision", ConsistentRead: true }),
    ),
    Petition.count(petitionId, true),
  ]);
  if (!meta.Item) return undefined;
  return { count, revision: Number(meta.Item.revision ?? 0) };
}

function snapshot(petitionId: string, rows: Map<string, SignatureRow>, v: { count: number; revision: number }, epoch: number): PetitionRows {
  let newestMs = 0;
  for (const id of rows.keys()) newestMs = Math.max(newestMs, idTime(id));
  return { petitionId, rows, ...v, checkedAt: Date.now(), epoch, version: ++versions, newestMs };
}

async function refresh(petitionId: string, cached: PetitionRows | undefined): Promise<PetitionRows | undefined> {
  const epoch = localEpoch(petitionId);
  const v = await versionOf(petitionId);
  if (!v) {
    petitions.delete(petitionId);
    return undefined;
  }
  let next: PetitionRows | undefined;
  if (cached && cached.count === v.count && cached.revision === v.revision) {
    next = { ...cached, checkedAt: Date.now(), epoch };
  } else if (cached && cached.revision === v.revision && v.count > cached.count) {
    // Only signatures were added: load the recent ones (a minute's margin covers signers whose id was
    // taken before an already-loaded one committed) and keep the rest.
    const rows = new Map(cached.rows);
    for (const row of await loadRows(petitionId, cached.newestMs - 60_000)) rows.set(row.id, row);
    if (rows.size === v.count) next = snapshot(petitionId, rows, v, epoch);
  }
  if (!next) {
    const rows = new Map<string, SignatureRow>();
    for (const row of await loadRows(petitionId)) rows.set(row.id, row);
    next = snapshot(petitionId, rows, v, epoch);
  }
  petitions.set(petitionId, next);
  return next;
}

/** The petition's rows, re-checked against the table at most every RECHECK_MS (at once after a local write). */
function fresh(petitionId: string): Promise<PetitionRows | undefined> {
  const cached = petitions.get(petitionId);
  if (cached && Date.now() - cached.checkedAt < RECHECK_MS && cached.epoch === localEpoch(petitionId)) return Promise.resolve(cached);
  let pending = refreshing.get(petitionId);
  if (!pending) {
    pending = refresh(petitionId, cached).finally(() => refreshing.delete(petitionId));
    refreshing.set(petitionId, pending);
  }
  return pending;
}

/** The petition ids the last `petitionIds()` call found. */
let knownIds: string[] | undefined;

/** Every petition id (gsi1 `PETITIONS`). */
export async function petitionIds(): Promise<string[]> {
  const items = await queryAll({
    TableName: table(),
    IndexName: "gsi1",
    KeyConditionExpression: "gsi1pk = :pk",
    ExpressionAttributeValues: { ":pk": "PETITIONS" },
    ProjectionExpression: "id",
    ScanIndexForward: false,
  });
  knownIds = items.map((i) => i.id as string);
  return knownIds;
}

interface Scope {
  key: string;
  /** identifies the rows' content: cached orders are reused while it holds */
  version: string;
  parts: PetitionRows[];
}

async function scope(petitionId?: string): Promise<Scope> {
  const ids = petitionId ? [petitionId] : await petitionIds();
  const parts = (await Promise.all(ids.map(fresh))).filter((p): p is PetitionRows => !!p);
  return { key: petitionId ? `p:${petitionId}` : "all", version: parts.map((p) => p.version).join("."), parts };
}

/** Sorted orders per (scope, sort, order) and recent searches, each valid for one scope version. */
const orders = new Map<string, { version: string; rows: SignatureRow[] }>();
const searches = new Map<string, readonly SignatureRow[]>();
const MAX_SEARCHES = 32;

function ordered(s: Scope, sort: Sort, order: "asc" | "desc"): SignatureRow[] {
  const key = `${s.key}|${sort}|${order}`;
  const hit = orders.get(key);
  if (hit && hit.version === s.version) return hit.rows;
  const opposite = orders.get(`${s.key}|${sort}|${order === "asc" ? "desc" : "asc"}`);
  let rows: SignatureRow[];
  if (opposite && opposite.version === s.version) rows = [...opposite.rows].reverse();
  else {
    const all: SignatureRow[] = [];
    for (const p of s.parts) for (const row of p.rows.values()) all.push(row);
    rows = sortRows(all, sort, order);
  }
  orders.set(key, { version: s.version, rows });
  return rows;
}

function searched(s: Scope, sort: Sort, order: "asc" | "desc", search: string): readonly SignatureRow[] {
  const needle = search.trim().toLowerCase();
  const rows = ordered(s, sort, order);
  if (!needle) return rows;
  const key = `${s.key}|${s.version}|${sort}|${order}|${needle}`;
  let hit = searches.get(key);
  if (!hit) {
    hit = filterRows(rows, needle);
    if (searches.size >= MAX_SEARCHES) searches.delete(searches.keys().next().value!);
    searches.set(key, hit);
  }
  return hit;
}

/** All matching rows in the asked order (the index, from the cache). */
export async function query(q: Pick<ListQuery, "petitionId" | "search" | "sort" | "order">): Promise<readonly SignatureRow[]> {
  return searched(await scope(q.petitionId), q.sort, q.order, q.search);
}

/** Whether this process already holds the rows of the petition (of every petition known, without one). */
function warm(petitionId: string | undefined): boolean {
  if (petitionId) return petitions.has(petitionId);
  return knownIds !== undefined && knownIds.every((id) => petitions.has(id));
}

/**
 * The admin list, from the in-process index. Only while the index is cold (a new process) does the
 * default view (page 1 by date, newest first, no search) come straight from the table, so the
 * first screen never waits for 100,000 rows to load.
 */
export async function list(input: z.input<typeof ListQuery>): Promise<Page<SignatureRow>> {
  const q = ListQuery.parse(input);
  if (q.page === 1 && q.sort === "createdAt" && q.order === "desc" && !q.search && !warm(q.petitionId)) {
    const page = await newest(q.petitionId, q.pageSize);
    // Warm the index once the first page is ready, while the administrator reads it: their next
    // search or sort then finds the rows loaded (or loading) instead of starting from nothing.
    scope(q.petitionId).catch((err) => log.warn("index warm-up failed", errorAttributes(err)));
    return page;
  }
  return pageOf(await query(q), q.page, q.pageSize);
}

/** Export pages: always from the index, so consecutive pages come from one consistent order. */
export async function exportPage(input: z.input<typeof ExportQuery>): Promise<Page<SignatureRow>> {
  const q = ExportQuery.parse(input);
  return pageOf(await query(q), q.page, q.pageSize);
}

async function newest(petitionId: string | undefined, pageSize: number): Promise<Page<SignatureRow>> {
  const fullRows = (items: Record<string, unknown>[] | undefined) => (items ?? []).map((i) => toRow(i as unknown as Info));
  if (petitionId) {
    const [res, total] = await Promise.all([
      db().send(
        new QueryCommand({
          TableName: table(),
          KeyConditionExpression: "pk = :pk AND begins_with(sk, :sig)",
          ExpressionAttributeValues: { ":pk": Keys.petition(petitionId).pk, ":sig": Keys.signaturePrefix },
          ScanIndexForward: false,
          Limit: pageSize,
        }),
      ),
      Petition.count(petitionId),
    ]);
    return { items: fullRows(res.Items), total, page: 1, pageSize };
  }
  const [res, ids] = await Promise.all([
    db().send(
      new QueryCommand({
        TableName: table(),
        IndexName: "gsi1",
        KeyConditionExpression: "gsi1pk = :pk",
        ExpressionAttributeValues: { ":pk": "SIGNATURES" },
        ScanIndexForward: false,
        Limit: pageSize,
      }),
    ),
    petitionIds(),
  ]);
  const counts = await Promise.all(ids.map((id) => Petition.count(id)));
  return { items: fullRows(res.Items), total: counts.reduce((a, b) => a + b, 0), page: 1, pageSize };
}

/** Every row of a petition (or of all petitions), newest first. The spreadsheet sync writes these. */
export async function allRows(petitionId?: string): Promise<SignatureRow[]> {
  return [...ordered(await scope(petitionId), "createdAt", "desc")];
}

// ---------------------------------------------------------------------------------------------
// Bulk import (seeding, benchmarks)

const BATCH = 25;

/** BatchWriteItem with retries of unprocessed items. */
export async function batchWrite(requests: Record<string, unknown>[]): Promise<void> {
  let pending = requests;
  for (let attempt = 0; pending.length; attempt++) {
    const res = await db().send(new BatchWriteCommand({ RequestItems: { [table()]: pending as never } }));
    pending = (res.UnprocessedItems?.[table()] ?? []) as Record<string, unknown>[];
    if (pending.length) {
      if (attempt > 20) throw new Error(`BatchWrite left ${pending.length} items unprocessed`);
      await new Promise((r) => setTimeout(r, Math.min(1000, 20 * 2 ** attempt)));
    }
  }
}

/** Runs `work` over `items` with at most `concurrency` in flight. */
export async function pool<T>(items: readonly T[], concurrency: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        await work(items[i], i);
      }
    }),
  );
}

/**
 * Writes signatures in bulk without transactions: BatchWrite of each signature, its e-mail guard and
 * its index item, then the number written ADDed to the counter shards. No duplicate check: callers
 * pass unique e-mails. For seeding and benchmarks, not for visitors.
 */
export async function importBatch(petitionId: string, requests: SignRequest[]): Promise<number> {
  const meta = await db().send(new GetCommand({ TableName: table(), Key: Keys.petition(petitionId), ProjectionExpression: "pk, deleting" }));
  if (!meta.Item || meta.Item.deleting) throw new PetitionNotFound();
  const writes: Record<string, unknown>[] = [];
  for (const req of requests) {
    const signature = build({ ...req, petitionId });
    for (const Item of [signatureItem(signature), guardItem(signature), indexItem(signature)]) writes.push({ PutRequest: { Item } });
  }
  const batches: Record<string, unknown>[][] = [];
  for (let i = 0; i < writes.length; i += BATCH) batches.push(writes.slice(i, i + BATCH));
  await pool(batches, 16, (batch) => batchWrite(batch));
  const shards = settings().COUNTER_SHARDS;
  const n = requests.length;
  await Promise.all(
    Array.from({ length: Math.min(shards, n) }, (_, shard) => {
      const share = Math.floor(n / shards) + (shard < n % shards ? 1 : 0);
      return db().send(
        new UpdateCommand({
          TableName: table(),
          Key: Keys.counterShard(petitionId, shard),
          UpdateExpression: "ADD #count :n SET #type = :type",
          ExpressionAttributeNames: { "#count": "count", "#type": "type" },
          ExpressionAttributeValues: { ":n": share, ":type": "counterShard" },
        }),
      );
    }),
  );
  touch(petitionId);
  return n;
}

/** For tests: forget every cached row. */
export function resetCache() {
  knownIds = undefined;
  petitions.clear();
  orders.clear();
  searches.clear();
}
