import { indexLayout, packedCodec } from "../collection/index-rows";
import { nameIndex, orderOnlyKey, searchAttributes } from "../collection/name-index";
import { idOrder, orderAttributes, partOrder, textOrder } from "../collection/orders";
import { SIGNATURE_INDEX_BUCKETS, Keys, fnv1a } from "../db/keys";
import type { Info } from "./info";
import { toRow, type SignatureRow } from "./row";

/**
 * The admin signature index item (collection/index-rows.ts): one per signature, written in the
 * signing transaction (and by imports), deleted with the signature. pk `SIGIDX#<petitionId>#<bucket>`,
 * sk = signature id, the row's other fields packed into `r` (~250 bytes). Pure: no I/O here.
 */
const FIELDS = [
  "firstName",
  "lastName",
  "email",
  "timeshareName",
  "createdDate",
  "createdTime",
  "createdAt",
  "browser",
  "deviceType",
  "screenResolution",
  "timezone",
  "language",
  "city",
  "region",
  "country",
  "ipAddress",
  // appended: rows written before it decode it as ""
  "status",
] as const satisfies readonly (keyof SignatureRow)[];

export const COLLECTION = "signatures";
export const INDEX_TYPE = "sigIndex";

/** A signature's part is its petition. */
export const layout = indexLayout({ type: INDEX_TYPE, buckets: SIGNATURE_INDEX_BUCKETS, partition: Keys.signatureIndexPartition });
const codec = packedCodec<SignatureRow, (typeof FIELDS)[number]>(FIELDS, (petitionId, id) => ({ id, petitionId }));

/** FNV-1a of the id, mod SIGNATURE_INDEX_BUCKETS: stable, and even over random id suffixes. */
export function indexBucket(signatureId: string, buckets = SIGNATURE_INDEX_BUCKETS): number {
  return fnv1a(signatureId) % buckets;
}

export const indexKey = (petitionId: string, signatureId: string) => layout.key(petitionId, signatureId);

export const encodeRow = codec.encode;
export const decodeRow = codec.decode;

/** The list's sort orders: the id's, and one slot each for the others (collection/orders.ts). */
export const ORDERS = {
  createdAt: idOrder<SignatureRow>(),
  firstName: textOrder<SignatureRow>(1, (r) => r.firstName),
  lastName: textOrder<SignatureRow>(2, (r) => r.lastName),
  email: textOrder<SignatureRow>(3, (r) => r.email),
  timeshareName: textOrder<SignatureRow>(4, (r) => r.timeshareName),
  // every petition's rows by petition: the index rows' own partitions, one petition each (no index entry)
  petitionId: partOrder<SignatureRow>((r) => r.petitionId),
};

/**
 * What a name search matches from the start: first name, last name, e-mail, timeshare name
 * (collection/name-index.ts). The names have search partitions of their own (slots 1–2); the e-mail
 * and the timeshare name are found through their order indexes' buckets (a whole e-mail address
 * through the person index), so a signature writes two index entries fewer (docs/architecture.md
 * "Capacity": the signing transaction's index writes).
 */
export const NAME_SEARCH = nameIndex(Keys.signatureIndexPart, [
  ORDERS.firstName,
  ORDERS.lastName,
  orderOnlyKey(ORDERS.email),
  orderOnlyKey(ORDERS.timeshareName),
]);

/** Marks the row of a signer who asked for the petition's updates: the updates' audience reads only these (signature/updates-audience.ts). */
export const WANTS_UPDATES_ATTRIBUTE = "u";

export function indexItem(signature: Info) {
  const row = toRow(signature);
  return {
    ...layout.item(signature.petitionId, signature.id, encodeRow(row)),
    ...orderAttributes(ORDERS, row),
    ...searchAttributes(NAME_SEARCH, signature.petitionId, row),
    ...(signature.wantsUpdates ? { [WANTS_UPDATES_ATTRIBUTE]: 1 } : {}),
  };
}
