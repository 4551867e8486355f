import { SEARCH_SLOTS, orderAttribute, orderIndex, searchIndex, searchPartitionAttribute, searchSortAttribute, type SearchSlot } from "../db/indexes";
import { Keys, fnv1a } from "../db/keys";
import { prefixRange, searchValueOf, type SearchKey } from "./orders";

/**
 * Where a name search finds a word's start (docs/architecture.md "Admin lists at any size" →
 * Search). Each name key of an index row is written a second time into a search index partitioned
 * by the key's start instead of the row's bucket: `s<n>` = the index's part without its bucket, the
 * key's first two folded characters and a shard of the id (`SIGIDX#<petition>#ma#3`), `w<n>` = the
 * key as its order holds it (`mary\u0001<id>`), n being the key's place in the kind's name keys.
 * A word of two characters or more then lives in a key's shards (SEARCH_SHARDS, or more for a key
 * every record may share) per part, read by one prefix-range query each, instead of one per key and
 * bucket. Pure: no I/O here.
 */

/**
 * Partitions per key, part and start: the commonest start's writes are spread over this many keys.
 * People's names and e-mails: the commonest two-letter start holds about a tenth of them.
 */
export const SEARCH_SHARDS = 4;
/**
 * Partitions of a key that every record may share (a petition about one resort: each signer may
 * name it): as many as a petition's counter shards take of a signature, 1 ÷ 16 units a key.
 */
export const SHARED_KEY_SEARCH_SHARDS = 16;
/** How many folded characters of a key its search partition names. */
export const SEARCH_START_LENGTH = 2;

/** A name key with its shard count (SEARCH_SHARDS unless `sharedKey` says otherwise). */
export type NameKey<Row> = SearchKey<Row> & { searchShards?: number };

/** A key every record may hold the same value of: spread over SHARED_KEY_SEARCH_SHARDS. */
export const sharedKey = <Row>(key: SearchKey<Row>): NameKey<Row> => ({ ...key, searchShards: SHARED_KEY_SEARCH_SHARDS });

/**
 * A key a search finds through its order index alone (one prefix-range query per bucket of the
 * parts) instead of search partitions of its own: its rows write no search entry, one index write
 * less each. For a key searched less often than rows are written (a signature's e-mail and timeshare
 * name: a petition's signers write a million rows, an administrator searches a few times a day).
 */
export const orderOnlyKey = <Row>(key: SearchKey<Row>): NameKey<Row> => ({ ...key, searchShards: 0 });

export interface NameIndex<Row> {
  /** the keys a search matches by their start, in their search slots' order (the first is s1/w1) */
  keys: readonly NameKey<Row>[];
  /** the index's part without its bucket (db/keys.ts): the search partitions' common start */
  indexPart: (part: string) => string;
}

/**
 * A kind's name keys and where its search partitions start. At most SEARCH_SLOTS keys (the table's
 * byS indexes).
 */
export function nameIndex<Row>(indexPart: (part: string) => string, keys: readonly NameKey<Row>[]): NameIndex<Row> {
  if (keys.length > SEARCH_SLOTS) throw new Error(`a name index holds at most ${SEARCH_SLOTS} keys, not ${keys.length}`);
  return { keys, indexPart };
}

/**
 * The start a folded word or key is found by: its first SEARCH_START_LENGTH characters (code points),
 * or undefined when it has fewer (a one-letter word is searched the older way: every bucket) or a
 * space among them (no word of a search holds one, so no search needs that key's start).
 */
export function searchStart(folded: string): string | undefined {
  const start = Array.from(folded).slice(0, SEARCH_START_LENGTH).join("");
  return Array.from(start).length < SEARCH_START_LENGTH || start.includes(" ") ? undefined : start;
}

/** How many shards a name key's search partitions have. */
export const shardsOf = <Row>(key: NameKey<Row>) => key.searchShards ?? SEARCH_SHARDS;

/** The shard of a row's search entry: FNV-1a of its id (stable, even over random ids). */
export const searchShard = (id: string, shards = SEARCH_SHARDS) => fnv1a(id) % shards;

export interface SearchSlotOf {
  slot: SearchSlot;
  index: string;
  partitionAttribute: string;
  sortAttribute: string;
}

/** The index and attributes of a name key's place in the name index (0-based). */
export function searchSlotOf(position: number): SearchSlotOf {
  const slot = (position + 1) as SearchSlot;
  return { slot, index: searchIndex(slot), partitionAttribute: searchPartitionAttribute(slot), sortAttribute: searchSortAttribute(slot) };
}

/**
 * The search attributes an index row carries: for each name key with a start, `s<n>` and `w<n>`
 * (the same value as the key's order attribute). Written with the row (its Put replaces them all, so
 * a rewritten or anonymised row keeps only its new names' entries).
 */
export function searchAttributes<Row extends { id: string }>(index: NameIndex<Row>, part: string, row: Row): Record<string, string> {
  const attributes: Record<string, string> = {};
  index.keys.forEach((key, position) => {
    const sortKey = key.key(row);
    if (shardsOf(key) === 0) return;
    const start = sortKey === undefined ? undefined : searchStart(searchValueOf(key, row) ?? "");
    if (sortKey === undefined || start === undefined) return;
    const slot = searchSlotOf(position);
    attributes[slot.partitionAttribute] = Keys.nameSearchPartition(index.indexPart(part), start, searchShard(row.id, shardsOf(key)));
    attributes[slot.sortAttribute] = sortKey;
  });
  return attributes;
}

/**
 * The search partitions holding every row of `part` whose key at `position` starts with the folded
 * `word` (one per shard), or undefined when the word is too short to name one.
 */
export function searchPartitions<Row>(index: NameIndex<Row>, part: string, word: string, position: number): string[] | undefined {
  const start = searchStart(word);
  const shards = shardsOf(index.keys[position]!);
  if (start === undefined || shards === 0) return undefined;
  return Array.from({ length: shards }, (_, shard) => Keys.nameSearchPartition(index.indexPart(part), start, shard));
}

/** One prefix-range Query of a name search: on `index`, partition `pk`, at most `limit` items. */
export interface NameQuery {
  index: string;
  pk: string;
  range: ReturnType<typeof prefixRange>;
  limit: number;
}

/**
 * The queries that find the rows of `parts` whose keys start with the folded `word`: per key, one
 * per search partition (its shards per part), each reading at most its share of `maxMatches`; a
 * word too short for a search partition, one per bucket (`buckets`: every index partition of the
 * parts) on the key's order index. The search (define.ts) and its benchmark's bare baseline run these.
 */
export function nameQueries<Row>(index: NameIndex<Row>, parts: readonly string[], buckets: readonly string[], word: string, maxMatches: number): NameQuery[] {
  const perBucket = Math.ceil(maxMatches / Math.max(1, buckets.length)) + 1;
  return index.keys.flatMap((key, position) => {
    const partitions = parts.flatMap((part) => searchPartitions(index, part, word, position) ?? []);
    if (partitions.length) {
      const slot = searchSlotOf(position);
      const range = prefixRange(slot.sortAttribute, word, slot.partitionAttribute);
      const limit = Math.ceil(maxMatches / partitions.length) + 1;
      return partitions.map((pk) => ({ index: slot.index, pk, range, limit }));
    }
    const range = prefixRange(orderAttribute(key.slot), word);
    return buckets.map((pk) => ({ index: orderIndex(key.slot), pk, range, limit: perBucket }));
  });
}
