import { defineIndex } from "../collection/index-definition";
import { orderOnlyKey } from "../collection/name-index";
import { idOrder, partOrder, textOrder } from "../collection/orders";
import { SIGNATURE_INDEX_BUCKETS, Keys, fnv1a } from "../db/keys";
import { toRow, type SignatureRow } from "./row";

/** Marks the row of a signer who asked for the petition's updates: the updates' audience reads only these (signature/updates-audience.ts). */
export const WANTS_UPDATES_ATTRIBUTE = "u";

/**
 * The admin signature index item (collection/index-definition.ts): one per signature, written in the
 * signing transaction (and by imports), deleted with the signature. pk `SIGIDX#<petitionId>#<bucket>`,
 * sk = signature id, the row's other fields packed into `r` (~250 bytes). A signature's part is its
 * petition. Pure: no I/O here.
 */
export const { COLLECTION, layout, ORDERS, NAME_SEARCH, encodeRow, decodeRow, indexItem } = defineIndex({
  collection: "signatures",
  type: "sigIndex",
  buckets: SIGNATURE_INDEX_BUCKETS,
  parts: { field: "petitionId", partition: Keys.signatureIndexPartition, searchPart: Keys.signatureIndexPart },
  fields: [
    ["firstName", "lastName", "email", "timeshareName"],
    ["createdDate", "createdTime", "createdAt"],
    ["browser", "deviceType", "screenResolution", "timezone", "language"],
    ["city", "region", "country", "ipAddress"],
    // appended: rows written before it decode it as ""
    ["status"],
  ],
  // the list's sort orders: the id's, and one slot each for the others (collection/orders.ts)
  orders: {
    createdAt: idOrder<SignatureRow>(),
    firstName: textOrder<SignatureRow>(1, (r) => r.firstName),
    lastName: textOrder<SignatureRow>(2, (r) => r.lastName),
    email: textOrder<SignatureRow>(3, (r) => r.email),
    timeshareName: textOrder<SignatureRow>(4, (r) => r.timeshareName),
    // every petition's rows by petition: the index rows' own partitions, one petition each (no index entry)
    petitionId: partOrder<SignatureRow>((r) => r.petitionId),
  },
  /*
   * A name search matches first name, last name, e-mail and timeshare name from the start
   * (collection/name-index.ts). The names have search partitions of their own (slots 1–2); the e-mail
   * and the timeshare name are found through their order indexes' buckets (a whole e-mail address
   * through the person index), so a signature writes two index entries fewer (docs/architecture.md
   * "Capacity": the signing transaction's index writes).
   */
  nameSearch: (k) => [k.firstName, k.lastName, orderOnlyKey(k.email), orderOnlyKey(k.timeshareName)],
  toRow,
  extra: (signature) => (signature.wantsUpdates ? { [WANTS_UPDATES_ATTRIBUTE]: 1 } : {}),
});

/** FNV-1a of the id, mod SIGNATURE_INDEX_BUCKETS: stable, and even over random id suffixes. */
export function indexBucket(signatureId: string, buckets = SIGNATURE_INDEX_BUCKETS): number {
  return fnv1a(signatureId) % buckets;
}

export const indexKey = (petitionId: string, signatureId: string) => layout.key(petitionId, signatureId);
