import type { IndexedOrder, SearchKey } from "../collection/orders";
import { columnsOf } from "../kinds/columns";
import type { KindListDeclaration } from "../kinds/definition";
import { COUNTED_KIND_LABELS } from "../policy/personal-record";
import { toCsv } from "../util/csv";
import type { Consent, Status } from "./subscriber";

/**
 * A newsletter subscriber, its list declared in the shape every kind is declared in
 * (kinds/definition.ts `KindListDeclaration`): its words, its admin list's fields, orders and
 * search, and the columns of its CSV export, in the shape mail providers import. Its rows are keyed
 * by the normalised address (so no id sorts them newest first), and its storage, its TTL and its
 * retention in days are its own (store.ts, index-item.ts, record-kind.ts). Pure: the console
 * imports it.
 */

/** One compact row per subscriber (newsletter/index-item.ts). */
export interface SubscriberRow {
  /** the normalised e-mail */
  id: string;
  email: string;
  name: string;
  status: Status;
  /** distinct consent sources, in the order first given, joined by "," */
  sources: string;
  /** the latest consents (at most KEPT_CONSENTS) as JSON `[{source, at}]` */
  consents: string;
  firstConsentAt: string;
  lastConsentAt: string;
  confirmedAt: string;
  unsubscribedAt: string;
  /** TTL (epoch seconds) of an unconfirmed subscriber, 0 otherwise: a row past it is gone (TTL deletes lazily) */
  expiresAt: number;
  /** how many consents were ever given, those no longer in `consents` included (rows written before it: absent, read as "") */
  consentCount: number;
}

export const CONSENT_SEPARATOR = "; ";

/** A row's consents (`consents` is JSON `[{source, at}]`); [] when it cannot be read. */
export function consentsOf(row: Pick<SubscriberRow, "consents">): Consent[] {
  try {
    const parsed: unknown = JSON.parse(row.consents || "[]");
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter((c): c is Consent => !!c && typeof c === "object" && typeof c.source === "string" && typeof c.at === "string")
      .map((c) => ({ source: c.source, at: c.at }));
  } catch {
    return [];
  }
}

/** How many consents, older than those in `consents`, are only counted (0 in rows from before the count). */
export function earlierConsentsOf(row: Pick<SubscriberRow, "consents" | "consentCount">): number {
  return Math.max(0, (Number(row.consentCount) || 0) - consentsOf(row).length);
}

/** An ISO UTC time ("2025-03-07T15:04:05.000Z"); "" for none, the value itself when it is no time. */
export function isoUtc(value: string | undefined): string {
  if (!value) return "";
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? value : at.toISOString();
}

type SubscriberOrders = Record<"lastConsentAt" | "email" | "name" | "status" | "confirmedAt", IndexedOrder<SubscriberRow>>;
type SubscriberSearchKeys = Record<"nameLast", SearchKey<SubscriberRow>>;

export const SUBSCRIBER_LIST = {
  name: "newsletter",
  plural: "subscribers",
  label: COUNTED_KIND_LABELS.newsletter,
  admin: {
    // packed into the index row in this order (the id, the normalised address, comes from its key)
    fields: ["email", "name", "status", "sources", "consents", "firstConsentAt", "lastConsentAt", "confirmedAt", "unsubscribedAt", "expiresAt", "consentCount"],
    // each with its slot (collection/orders.ts): e-mails are the ids, so none is the id order
    orders: (o) => ({
      lastConsentAt: o.value(1, (r) => r.lastConsentAt),
      email: o.text(2, (r) => r.email),
      name: o.text(3, (r) => r.name),
      status: o.value(4, (r) => r.status),
      confirmedAt: o.value(5, (r) => r.confirmedAt),
    }),
    // search only: the name from its last word
    searchKeys: (o) => ({ nameLast: o.lastWord(6, (r) => r.name) }),
    // a name search matches the e-mail and the name (first and last word) from the start
    search: ["email", "name", "nameLast"],
  },
  // the kept consents' sources and times in two `; `-joined columns (the n-th time is the n-th
  // source's), times in ISO UTC, and how many earlier consents are no longer listed (KEPT_CONSENTS)
  columns: [
    ["Email Address", (r) => r.email],
    ["Name", (r) => r.name],
    ["Status", (r) => r.status],
    [
      "Consent Sources",
      (r) =>
        consentsOf(r)
          .map((c) => c.source)
          .join(CONSENT_SEPARATOR),
    ],
    [
      "Consent Times",
      (r) =>
        consentsOf(r)
          .map((c) => isoUtc(c.at))
          .join(CONSENT_SEPARATOR),
    ],
    ["Confirmed At", (r) => isoUtc(r.confirmedAt)],
    ["Unsubscribed At", (r) => isoUtc(r.unsubscribedAt)],
    ["Earlier Consents", (r) => String(earlierConsentsOf(r))],
  ],
} as const satisfies KindListDeclaration<SubscriberRow, keyof SubscriberRow & string, SubscriberOrders, SubscriberSearchKeys>;

const { header, cells } = columnsOf(SUBSCRIBER_LIST.columns);

/** The subscribers' CSV export's columns, in order. */
export const SUBSCRIBER_CSV_COLUMNS = header;

/** One subscriber as cells, in SUBSCRIBER_CSV_COLUMNS order. */
export const subscriberCells = cells;

/** The export file's text (every value quoted, CRLF line ends: util/csv.ts). */
export function subscribersCsv(rows: readonly SubscriberRow[]): string {
  return toCsv([...SUBSCRIBER_CSV_COLUMNS], rows.map(subscriberCells));
}
