import { indexLayout, packedCodec } from "../collection/index-rows";
import { localEpoch as epochOf, noteListChanged as notePartChanged } from "../collection/epochs";
import { SIGNATURE_INDEX_BUCKETS, Keys, fnv1a } from "../db/keys";
import type { Info } from "./index";
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

export function indexItem(signature: Info) {
  return layout.item(signature.petitionId, signature.id, encodeRow(toRow(signature)));
}

/** A write by this process to the petition's signatures: its listing cache re-checks at once. */
export const noteListChanged = (petitionId: string) => notePartChanged(COLLECTION, petitionId);
export const localEpoch = (petitionId: string) => epochOf(COLLECTION, petitionId);
