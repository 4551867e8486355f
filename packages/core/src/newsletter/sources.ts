import type { Status } from "./subscriber";

/**
 * The administrators' words for subscribers: statuses, and consent sources grouped in
 * the groups the list filters and counts by. A source is "petition:<id>", "scam-report",
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

export const SOURCE_GROUPS = ["petition", "scam-report", "guide", "unsubscribe-page"] as const;
export type SourceGroup = (typeof SOURCE_GROUPS)[number];

export const SOURCE_GROUP_LABELS: Record<SourceGroup, string> = {
  petition: "Petition",
  "scam-report": "Scam report",
  guide: "Free guide",
  "unsubscribe-page": "Re-subscribed",
};

/** The group of one consent source; undefined for a source no group describes. */
export function sourceGroupOf(source: string): SourceGroup | undefined {
  if (source.startsWith("petition:")) return "petition";
  if (source.startsWith("lead:")) return "guide";
  if (source === "scam-report" || source === "unsubscribe-page") return source;
  return undefined;
}

/** The distinct groups of a row's `sources` ("," joined). */
export function sourceGroupsOf(sources: string): SourceGroup[] {
  const groups = new Set<SourceGroup>();
  for (const source of sources.split(",")) {
    const group = sourceGroupOf(source);
    if (group) groups.add(group);
  }
  return SOURCE_GROUPS.filter((g) => groups.has(g));
}

/** One source as an administrator reads it: "Petition: timeshare-reform", "Free guide: checklist", "Scam report". */
export function sourceLabel(source: string): string {
  const group = sourceGroupOf(source);
  if (!group) return source;
  const detail = source.includes(":") ? source.slice(source.indexOf(":") + 1) : "";
  return detail ? `${SOURCE_GROUP_LABELS[group]}: ${detail}` : SOURCE_GROUP_LABELS[group];
}
