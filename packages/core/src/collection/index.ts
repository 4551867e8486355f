export * as Collection from "./index";

/**
 * The generic admin-collection module: a collection (signatures, scam reports, lead lists,
 * newsletter subscribers, deletion requests) is a definition — its index rows, parts, counts, order
 * and name keys, filters — and gets list, search, filter, sort, cursor pages, exports and a chunked
 * delete-all from here, all read from the table. docs/data-model.md ("Admin collections") explains it.
 */
export { defineCollection, type AdminCollection } from "./define";
export type { CollectionDef, NamedRows, PersonRows, RowRef, StoredRows } from "./def";
export { MAX_NAME_MATCHES, readNameQuery } from "./name-source";
export { indexLayout, packedCodec, storedRows, type IndexLayout, type PackedCodec } from "./index-rows";
export {
  SEARCH_SHARDS,
  SHARED_KEY_SEARCH_SHARDS,
  nameIndex,
  orderOnlyKey,
  searchAttributes,
  searchPartitions,
  searchShard,
  searchStart,
  sharedKey,
  type NameIndex,
  type NameKey,
} from "./name-index";
export {
  amountOrder,
  comparatorOf,
  foldText,
  idOrder,
  lastWordKey,
  orderAttributes,
  partOrder,
  textOrder,
  valueOrder,
  type IndexedOrder,
  type IndexedOrders,
  type SearchKey,
} from "./orders";
export { sortRows, type Comparator } from "./sorts";
export { needleOf } from "./plan";
export { allOf, answeredAt, isYes, isoDay, oneOf, yesNo, type RowPredicate } from "./filters";
export { EXPORT_PAGE_SIZE, exportQuery, listQuery, type PageSizes } from "./query";
export {
  CONFIRM_MESSAGE,
  CONFIRM_WORD,
  deleteAll,
  deleteAllInput,
  deleteChunk,
  deleteInTransaction,
  indexCountFrom,
  indexVictims,
  type ChunkedDeleteDef,
  type GroupDeletion,
  type Progress,
} from "./delete-all";
