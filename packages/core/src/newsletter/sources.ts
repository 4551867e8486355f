import type { Status } from "./subscriber";

/**
 * The administrators' words for subscribers: statuses, and consent sources grouped in
 * the kinds the list filters and counts by. A source is "petition:<id>", "scam-report",
 * "lead:<form>" or "unsubscribe-page" (a re-subscribe from the unsubscribe page). Pure: the admin
 * console imports it too.
 */
export const STATUS_LABELS: Record<Status, string> = {
  confirmed: "Confirmed",
  unconfirmed: "Unconfirmed",
  unsubscribed: "Unsubscribed",
  bounced: "Bounced",
  complained: "Complained",
};

export const SOURCE_KINDS = ["petition", "scam-report", "guide", "unsubscribe-page"] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

export const SOURCE_KIND_LABELS: Record<SourceKind, string> = {
  petition: "Petition",
  "scam-report": "Scam report",
  guide: "Free guide",
  "unsubscribe-page": "Re-subscribed",
};

/** The kind of one consent source; undefined for a source no kind describes. */
export function sourceKindOf(source: string): SourceKind | undefined {
  if (source.startsWith("petition:")) return "petition";
  if (source.startsWith("lead:")) return "guide";
  if (source === "scam-report" || source === "unsubscribe-page") return source;
  return undefined;
}

/** The distinct kinds of a row's `sources` ("," joined). */
export function sourceKindsOf(sources: string): SourceKind[] {
  const kinds = new Set<SourceKind>();
  for (const source of sources.split(",")) {
    const kind = sourceKindOf(source);
    if (kind) kinds.add(kind);
  }
  return SOURCE_KINDS.filter((k) => kinds.has(k));
}

/** One source as an administrator reads it: "Petition: timeshare-reform", "Free guide: checklist", "Scam report". */
export function sourceLabel(source: string): string {
  const kind = sourceKindOf(source);
  if (!kind) return source;
  const detail = source.includes(":") ? source.slice(source.indexOf(":") + 1) : "";
  return detail ? `${SOURCE_KIND_LABELS[kind]}: ${detail}` : SOURCE_KIND_LABELS[kind];
}
