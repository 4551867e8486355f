import { INDEX_BUCKETS, Keys, fnv1a } from "../db/keys";
import type { Info } from "./index";
import { toRow, type SignatureRow } from "./row";

/**
 * The admin signature index item: one per signature, written in the signing transaction (and by
 * imports), deleted with the signature. pk `SIGIDX#<petitionId>#<bucket>`, sk = signature id, and
 * the row's other fields packed into one JSON array `r` so an item is ~250 bytes and a 1 MB query
 * page carries ~4,000 rows. Pure: no I/O here.
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

export const INDEX_TYPE = "sigIndex";

/** FNV-1a of the id, mod INDEX_BUCKETS: stable, and even over random id suffixes. */
export function indexBucket(signatureId: string, buckets = INDEX_BUCKETS): number {
  return fnv1a(signatureId) % buckets;
}

export const indexKey = (petitionId: string, signatureId: string) =>
  Keys.signatureIndex(petitionId, indexBucket(signatureId), signatureId);

export function encodeRow(row: SignatureRow): string {
  return JSON.stringify(FIELDS.map((f) => row[f] ?? ""));
}

export function decodeRow(petitionId: string, id: string, packed: string): SignatureRow {
  const values = JSON.parse(packed) as string[];
  const row = { id, petitionId } as SignatureRow;
  FIELDS.forEach((f, i) => (row[f] = values[i] ?? ""));
  return row;
}

export function indexItem(signature: Info) {
  return { ...indexKey(signature.petitionId, signature.id), type: INDEX_TYPE, r: encodeRow(toRow(signature)) };
}

/**
 * Process-local change counters: a write made by this process (sign, delete, import) bumps its
 * petition's counter so this process's listing cache re-checks at once instead of after its
 * re-check interval. Other processes see the change through the version check.
 */
const epochs = new Map<string, number>();
export const touch = (petitionId: string) => epochs.set(petitionId, (epochs.get(petitionId) ?? 0) + 1);
export const localEpoch = (petitionId: string) => epochs.get(petitionId) ?? 0;
