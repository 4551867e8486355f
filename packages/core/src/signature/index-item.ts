import { SIGNATURE_INDEX_BUCKETS, Keys, fnv1a } from "../db/keys";
import { declaredIndex } from "../kinds/declared-index";
import { SIGNATURE_LIST, toRow } from "./record";

/** Marks the row of a signer who asked for the petition's updates: the updates' audience reads only these (signature/updates-audience.ts). */
export const WANTS_UPDATES_ATTRIBUTE = "u";

/**
 * The admin signature index item (collection/index-definition.ts): one per signature, written in the
 * signing transaction (and by imports), deleted with the signature. pk `SIGIDX#<petitionId>#<bucket>`,
 * sk = signature id, the row's other fields packed into `r` (~250 bytes). A signature's part is its
 * petition. Pure: no I/O here.
 */
export const { COLLECTION, layout, ORDERS, NAME_SEARCH, encodeRow, decodeRow, indexItem } = declaredIndex(SIGNATURE_LIST.admin, {
  collection: SIGNATURE_LIST.plural,
  type: "sigIndex",
  buckets: SIGNATURE_INDEX_BUCKETS,
  parts: { field: "petitionId", partition: Keys.signatureIndexPartition, searchPart: Keys.signatureIndexPart },
  fields: SIGNATURE_LIST.admin.fields,
  toRow,
  extra: (signature) => (signature.wantsUpdates ? { [WANTS_UPDATES_ATTRIBUTE]: 1 } : {}),
});

/** FNV-1a of the id, mod SIGNATURE_INDEX_BUCKETS: stable, and even over random id suffixes. */
export function indexBucket(signatureId: string, buckets = SIGNATURE_INDEX_BUCKETS): number {
  return fnv1a(signatureId) % buckets;
}

export const indexKey = (petitionId: string, signatureId: string) => layout.key(petitionId, signatureId);
