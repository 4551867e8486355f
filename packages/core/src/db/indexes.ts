/**
 * The table's global secondary indexes, one list read by the Storage stack (stacks/Storage.ts), the
 * local provisioner (scripts/local/provision.ts) and the capacity charge (capacity.ts). Pure: no I/O.
 *
 * - gsi1, gsi2: overloaded lists (petitions, the signature list's buckets, reports by time, ...).
 * - gsi3: a person's records by a hash of their e-mail (privacy/person-index.ts), keys only.
 * - byO1 … byO9: the admin lists' other sort orders and name searches (collection/orders.ts). An
 *   admin index row carries `o1` … `o9`, one per order or search key its kind has (sparse: a kind
 *   without slot 9 writes nothing to byO9); each index keeps the row's own `pk` (already spread
 *   over buckets) and sorts it by that attribute, projecting the packed row `r`.
 * - byS1 … byS6: the name searches by a word's start (collection/name-index.ts). An admin index row
 *   carries, for its kind's n-th name key, `s<n>` (the part, the key's first two folded characters
 *   and a shard of the id: `SIGIDX#<petition>#ma#3`) and `w<n>` (the key as its order holds it,
 *   `mary\u0001<id>`); each index is partitioned by `s<n>`, sorted by `w<n>`, projecting `r`. Sparse:
 *   a key shorter than two characters, or a kind with fewer name keys, writes nothing there.
 *
 * DynamoDB allows 20 global indexes on a table: these are 18.
 */
export interface IndexDefinition {
  name: string;
  pk: string;
  sk: string;
  /** "ALL": the whole item; "KEYS_ONLY": the table's and the index's keys; a list: those keys and these attributes */
  projection: "ALL" | "KEYS_ONLY" | readonly string[];
}

/** How many order slots an admin index row may carry (`o1` … `o9`). */
export const ORDER_SLOTS = 9;

export type OrderSlot = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;

export const orderAttribute = (slot: OrderSlot) => `o${slot}`;
export const orderIndex = (slot: OrderSlot) => `byO${slot}`;

/** How many name keys an admin index row may carry in the search indexes (`s1`/`w1` … `s6`/`w6`). */
export const SEARCH_SLOTS = 6;

export type SearchSlot = 1 | 2 | 3 | 4 | 5 | 6;

export const searchPartitionAttribute = (slot: SearchSlot) => `s${slot}`;
export const searchSortAttribute = (slot: SearchSlot) => `w${slot}`;
export const searchIndex = (slot: SearchSlot) => `byS${slot}`;

/** DynamoDB's limit of global secondary indexes per table. */
export const MAX_TABLE_INDEXES = 20;

export const TABLE_INDEXES: readonly IndexDefinition[] = [
  { name: "gsi1", pk: "gsi1pk", sk: "gsi1sk", projection: "ALL" },
  { name: "gsi2", pk: "gsi2pk", sk: "gsi2sk", projection: "ALL" },
  { name: "gsi3", pk: "gsi3pk", sk: "gsi3sk", projection: "KEYS_ONLY" },
  ...Array.from({ length: ORDER_SLOTS }, (_, i) => {
    const slot = (i + 1) as OrderSlot;
    return { name: orderIndex(slot), pk: "pk", sk: orderAttribute(slot), projection: ["r"] as const };
  }),
  ...Array.from({ length: SEARCH_SLOTS }, (_, i) => {
    const slot = (i + 1) as SearchSlot;
    return { name: searchIndex(slot), pk: searchPartitionAttribute(slot), sk: searchSortAttribute(slot), projection: ["r"] as const };
  }),
];
