import { ONE_PART, defineIndex } from "../collection/index-definition";
import { textOrder, valueOrder } from "../collection/orders";
import { INDEX_BUCKETS, Keys } from "../db/keys";
import type { ErasedCounts } from "./input";

/**
 * The admin index of deletion requests (collection/index-definition.ts): one compact row per
 * request, written in the same transaction as the request (privacy/requests.ts). pk
 * `PRIVIDX#<bucket>`, sk = the request id (time-sortable). One part, "all". No address: the person
 * is their kept hash.
 */
export type StoredStatus = "pending" | "confirmed" | "completed";

export interface PrivacyRequestRow {
  /** the request id (time-sortable) */
  id: string;
  status: StoredStatus;
  /** the person's kept hash (db/person-index.ts `keptPersonHash`: keyed HMAC, base64url), never the address */
  person: string;
  requestedAt: string;
  /** ISO: the link stops working then; a pending request past it is "expired" */
  validUntil: string;
  confirmedAt: string;
  completedAt: string;
  /** JSON `ErasedCounts` once completed, "" before */
  erased: string;
  /** how many times the records were downloaded ("download my data") */
  downloads: number;
}

export interface StoredProgress {
  /** records erased (or found gone) so far */
  completed: number;
  /** completed + the records still to erase when last counted */
  total: number;
  /** while erasing: the counts so far */
  erased?: ErasedCounts;
  /** while erasing: the spreadsheet tabs that held an erased record */
  tabs?: string[];
}

export interface PrivacyRequest {
  id: string;
  status: StoredStatus;
  /** the person's kept hash (`keptPersonHash`); a request written before it was keyed holds the plain `personHash` */
  person: string;
  /**
   * Set when `person` is the kept hash: tells a request from one written before, holding the plain
   * hash, that the re-keying migration (kept-person-rekey.ts) has still to re-key.
   */
  personKeyed?: true;
  requestedAt: string;
  validUntil: string;
  confirmedAt?: string;
  completedAt?: string;
  erased?: ErasedCounts;
  downloads: number;
  /** the address, only between confirmation and completion (the erasure and its e-mail need it) */
  email?: string;
  /** the person asked to be e-mailed again: the erasure lifts the address's suppression too */
  mailAgain?: boolean;
  /**
   * An erasure run as a job (privacy/erasure.ts): how far it is, written at most every
   * PROGRESS_EVERY_MS, with what was erased so far and the tabs that held it, so a resumed run adds to
   * them. Once completed only `{completed, total}` stays.
   */
  progress?: StoredProgress;
  /** SHA-256 of the status token an erasure run as a job answered with (its page polls with it) */
  statusTokenHash?: string;
  /** TTL (epoch seconds): requests are listed DELETION_REQUEST_RECORD_DAYS */
  expiresAt: number;
}

export const { COLLECTION, layout, ORDERS, NAME_SEARCH, decodeRow, rowItem } = defineIndex({
  collection: "privacy-requests",
  type: "privacyIndex",
  buckets: INDEX_BUCKETS,
  parts: { partition: Keys.privacyIndexPartition, searchPart: Keys.privacyIndexPart },
  fields: [
    ["status", "person"],
    ["requestedAt", "validUntil", "confirmedAt", "completedAt"],
    ["erased", "downloads"],
  ],
  /*
   * The list's sort orders, each with its slot (collection/orders.ts). The status order is by the
   * derived status without reading the clock: pending rows sort after the others and among themselves
   * by `validUntil`, so at any instant the expired ones (validUntil ≤ now) come first, then the live ones.
   */
  orders: {
    requestedAt: valueOrder<PrivacyRequestRow>(1, (r) => r.requestedAt),
    status: valueOrder<PrivacyRequestRow>(2, (r) => (r.status === "pending" ? `pending#${r.validUntil}` : r.status)),
    completedAt: valueOrder<PrivacyRequestRow>(3, (r) => r.completedAt),
  },
  // search-only: the person's kept hash, so its first characters (or a typed address, listing.ts) find a person's requests
  searchKeys: { person: textOrder<PrivacyRequestRow>(4, (r) => r.person) },
  nameSearch: (k) => [k.person],
  toRow,
});

export const PART = ONE_PART;
export const indexKey = (id: string) => layout.key(PART, id);

/** The index item of a row, with its request's TTL. */
export const indexItemOfRow = (row: PrivacyRequestRow, expiresAt: number): Record<string, unknown> => ({ ...rowItem(row), expiresAt });

/** The index item of a request, with the request's TTL. */
export const indexItem = (req: PrivacyRequest): Record<string, unknown> => indexItemOfRow(toRow(req), req.expiresAt);

export function toRow(req: PrivacyRequest): PrivacyRequestRow {
  return {
    id: req.id,
    status: req.status,
    person: req.person,
    requestedAt: req.requestedAt,
    validUntil: req.validUntil,
    confirmedAt: req.confirmedAt ?? "",
    completedAt: req.completedAt ?? "",
    erased: req.erased ? JSON.stringify(req.erased) : "",
    downloads: req.downloads,
  };
}
