export * as SignatureListing from "./listing";

import { GetCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { z } from "zod";
import type { MergeSource } from "../collection/merge";
import { defineCollection } from "../collection/define";
import { storedRows } from "../collection/index-rows";
import { auditedSearch } from "../collection/search";
import { sortRows as sortWith } from "../collection/sorts";
import { putAll, sendUnappliedAgain } from "../db/batch";
import { db, table } from "../db/client";
import { queryAll } from "../db/query";
import { Keys, SIGNATURE_LIST_BUCKETS } from "../db/keys";
import { Petition, PetitionNotFound } from "../petition";
import { isSortableId, sortableIdFloor } from "../util/id";
import { build, guardItem, signatureItem, type Info, type SignRequest } from "./index";
import { COLLECTION, NAME_SEARCH, ORDERS, decodeRow, indexItem, layout } from "./index-item";
import { toRow, type SignatureRow } from "./record";
import { geoTally, tallyUpdates, type GeoTally } from "./geo-counts";

/**
 * The admin signature list: the signatures collection (collection/define.ts) over the sigIndex rows,
 * one part per petition. docs/data-model.md ("Listing a million signatures", "Admin collections").
 */

export const SORTS = ["createdAt", "firstName", "lastName", "email", "timeshareName", "petitionId"] as const;
export type Sort = (typeof SORTS)[number];

/**
 * The rows the petition's list holds: its counted and its pending signatures (its counter shards,
 * strongly consistent); undefined once the petition is gone.
 */
async function countOf(petitionId: string): Promise<number | undefined> {
  const [meta, counts] = await Promise.all([
    db().send(new GetCommand({ TableName: table(), Key: Keys.petition(petitionId), ProjectionExpression: "pk", ConsistentRead: true })),
    Petition.counts(petitionId, true),
  ]);
  return meta.Item ? counts.count + counts.pending : undefined;
}

export const signatures = defineCollection({
  name: COLLECTION,
  orders: ORDERS satisfies Record<Sort, unknown>,
  nameSearch: NAME_SEARCH,
  defaultSort: "createdAt",
  filters: { petitionId: z.string().trim().min(1).max(100).optional() },
  scopeOf: (q) => q.petitionId,
  /** the index partitions read: the filtered petition's, or every petition's */
  ...storedRows(layout, decodeRow, (petitionId) => (petitionId ? [petitionId] : petitionIds())),
  count: countOf,
  newestFirst: newestFirst,
  direct: {
    indexKey: layout.key,
    person: {
      kind: "signature",
      rowsOf: (key) => {
        const ids = Keys.signatureOf(key);
        return ids ? [{ part: ids.petitionId, id: ids.signatureId }] : [];
      },
    },
    // a signature id names its row only within its petition (the key holds both)
    named: (needle, petitionId) => (petitionId && isSortableId(needle) ? [{ part: petitionId, id: needle }] : undefined),
  },
  describe: (q) => (q.petitionId ?? "all petitions") + (q.search ? ` (${auditedSearch(q.search)})` : ""),
});

export const ListQuery = signatures.ListQuery;
export type ListQuery = z.output<typeof ListQuery>;

// ---------------------------------------------------------------------------------------------
// Pure helpers (unit-tested)

export const comparator = (sort: Sort) => signatures.comparator(sort);

export function sortRows(rows: readonly SignatureRow[], sort: Sort, order: "asc" | "desc"): SignatureRow[] {
  return sortWith(rows, comparator(sort), order);
}

/** The smallest signature id created at or after `ms` (ids start with 9 base-36 digits of ms). */
export const idFloor = sortableIdFloor;

// ---------------------------------------------------------------------------------------------
// Loading and caching: collection/define.ts

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
  return items.map((i) => i.id as string);
}

/** The rows a search selects (a whole e-mail, an id, the start of a name), in the asked order. */
export function query(q: Pick<ListQuery, "petitionId" | "search" | "sort" | "order">): Promise<readonly SignatureRow[]> {
  return signatures.query(q);
}

/** The admin list: every order and search read from the table, page after page by cursor (collection/define.ts). */
export const list = signatures.list;

/**
 * Where the default order's pages come from: a petition's index partitions, or for every petition
 * the signature list's gsi1 buckets (sort key `createdAt#id`), rather than 32 partitions per petition.
 */
function newestFirst(petitionId: string | undefined): MergeSource<SignatureRow> {
  if (petitionId) {
    const partitions = layout.partitions(petitionId);
    return { partitions, consistent: true, projection: "sk, r", decode: (item) => decodeRow(petitionId, String(item.sk), String(item.r)) };
  }
  return {
    partitions: Array.from({ length: SIGNATURE_LIST_BUCKETS }, (_, b) => Keys.signatureListPartition(b)),
    index: "gsi1",
    pkName: "gsi1pk",
    skName: "gsi1sk",
    decode: (item) => toRow(item as unknown as Info),
  };
}

/** Every row of a petition (or of all petitions), newest first, a page at a time. */
export const stream = (petitionId?: string) => signatures.stream(petitionId);

// ---------------------------------------------------------------------------------------------
// Bulk import (seeding, benchmarks)

export { batchWrite } from "../db/batch";
export { pool } from "../util/pool";

/**
 * Writes signatures in bulk without transactions: BatchWrite of each signature, its e-mail guard and
 * its index item, then the number written ADDed to one counter shard and their places to the same
 * shard's counts by place (one shard per call: a few updates instead of one per shard, so concurrent
 * imports rarely wait on the same item). No duplicate check: callers pass unique e-mails. For seeding
 * and benchmarks, not for visitors.
 */
export async function importBatch(petitionId: string, requests: SignRequest[]): Promise<number> {
  const meta = await db().send(new GetCommand({ TableName: table(), Key: Keys.petition(petitionId), ProjectionExpression: "pk, deleting, counterShards" }));
  if (!meta.Item || meta.Item.deleting) throw new PetitionNotFound();
  const shards = Number(meta.Item.counterShards ?? 0);
  if (!shards) throw new PetitionNotFound();
  const items: Record<string, unknown>[] = [];
  const tallies: GeoTally[] = [];
  for (const req of requests) {
    const signature = build({ ...req, petitionId });
    items.push(signatureItem(signature), guardItem(signature), indexItem(signature));
    tallies.push(geoTally(signature.meta));
  }
  await putAll(items);
  const n = requests.length;
  if (!n) return 0;
  const shard = Math.floor(Math.random() * shards);
  const count = {
    TableName: table(),
    Key: Keys.counterShard(petitionId, shard),
    UpdateExpression: "ADD #count :n",
    ExpressionAttributeNames: { "#count": "count" },
    ExpressionAttributeValues: { ":n": n },
  };
  await Promise.all([count, ...tallyUpdates(petitionId, tallies, 1, shard)].map((update) => sendUnappliedAgain(() => db().send(new UpdateCommand(update)))));
  return n;
}
