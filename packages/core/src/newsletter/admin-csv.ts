import { toCsv } from "../util/csv";
import type { SubscriberRow } from "./index-item";
import type { Consent } from "./subscriber";

/**
 * The subscribers' CSV export in the shape mail providers import: one row per
 * subscriber, the address first, the kept consents' sources and times in two `; `-joined columns
 * (the n-th time is the n-th source's), times in ISO UTC, and how many earlier consents are no
 * longer listed (KEPT_CONSENTS, subscriber.ts). Pure: the admin console builds the file from the
 * export route's rows with it.
 */
export const SUBSCRIBER_CSV_COLUMNS = [
  "Email Address",
  "Name",
  "Status",
  "Consent Sources",
  "Consent Times",
  "Confirmed At",
  "Unsubscribed At",
  "Earlier Consents",
] as const;

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

/** One subscriber as cells, in SUBSCRIBER_CSV_COLUMNS order. */
export function subscriberCells(row: SubscriberRow): string[] {
  const consents = consentsOf(row);
  return [
    row.email,
    row.name,
    row.status,
    consents.map((c) => c.source).join(CONSENT_SEPARATOR),
    consents.map((c) => isoUtc(c.at)).join(CONSENT_SEPARATOR),
    isoUtc(row.confirmedAt),
    isoUtc(row.unsubscribedAt),
    String(earlierConsentsOf(row)),
  ];
}

/** The export file's text (every value quoted, CRLF line ends: util/csv.ts). */
export function subscribersCsv(rows: readonly SubscriberRow[]): string {
  return toCsv([...SUBSCRIBER_CSV_COLUMNS], rows.map(subscriberCells));
}
