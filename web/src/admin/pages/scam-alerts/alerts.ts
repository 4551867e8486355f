import { ALERT_IDENTIFIER_TYPES, alertPath, type Alert, type PublicAlert } from "@site/core/alerts/types";

/**
 * The scam alerts screens' data and words (/admin/scam-alerts, /admin/scam-alerts/:slug). The types
 * come from the server's pure modules (packages/core/src/alerts/types.ts, input.ts); the answers
 * around them are made by modules that use the AWS SDK, so their shapes are declared here.
 */
export type { AlertIdentifier, AlertStats } from "@site/core/alerts/types";
export { ALERT_IDENTIFIER_TYPES, AMOUNT_RANGES } from "@site/core/alerts/types";
export { ALERT_SUMMARY_MAX, ALERT_TITLE_MAX } from "@site/core/alerts/input";

/** An alert as the administrators' routes answer it: as stored, with what the public sees of it. */
export type ScamAlert = Alert & { public: PublicAlert };

/** A company's request for a correction (alerts/corrections-kind.ts), beside the alert it is about. */
export interface CorrectionRequest {
  id: string;
  createdAt: string;
  alertSlug: string;
  company: string;
  fullName: string;
  email: string;
  message: string;
}

/** GET /api/admin/scam-alerts/{slug}. */
export interface AlertWithCorrections {
  alert: ScamAlert;
  corrections: CorrectionRequest[];
}

/** GET /api/admin/scam-alerts: newest first, a page at a time (`next` continues). */
export interface AlertsPage {
  alerts: ScamAlert[];
  next: string | null;
}

/** Only these may be searched by the public: a person's name never is. */
export const PUBLISHABLE_TYPES: readonly string[] = ALERT_IDENTIFIER_TYPES;

export const alertAdminLink = (slug: string) => `/admin/scam-alerts/${encodeURIComponent(slug)}`;
export const alertPublicLink = alertPath;

/** "FL: 3, GA: 1" from `{ FL: 3, GA: 1 }`, the largest first; "—" for none. */
export function countsText(counts: Record<string, number>, label: (key: string) => string = (key) => key): string {
  const entries = Object.entries(counts).filter(([, n]) => n > 0);
  if (!entries.length) return "—";
  return entries
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([key, n]) => `${label(key)}: ${n}`)
    .join(", ");
}

export const ALERT_MESSAGES = {
  listFailed: "Failed to load scam alerts",
  loadFailed: "Failed to load the scam alert",
  saveFailed: "Failed to save the scam alert. Please try again.",
  saved: "The scam alert was saved",
  empty: "No scam alerts yet. Publish one from a case.",
} as const;
