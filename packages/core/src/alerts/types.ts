/**
 * A published scam alert as the public and the administrators see it (docs/scam-intelligence.md "Scam
 * alerts"). Types and constants only: the public pages import this module.
 */

/** The identifiers an alert may publish: a company's name, a phone number, a website (never a person's name). */
export const ALERT_IDENTIFIER_TYPES = ["company", "phone", "domain"] as const;
export type AlertIdentifierType = (typeof ALERT_IDENTIFIER_TYPES)[number];

export const ALERT_IDENTIFIER_LABELS: Record<AlertIdentifierType, string> = { company: "Company", phone: "Phone", domain: "Website" };

/** One identifier of an alert: `value` is the normalised key the lookup matches, `shown` the administrator's spelling. */
export interface AlertIdentifier {
  type: AlertIdentifierType;
  value: string;
  shown: string;
}

/** The ranges amounts lost are published in, never an amount. "none": no money lost (or not said). */
export const AMOUNT_RANGES = ["under $1,000", "$1,000\u2013$4,999", "$5,000\u2013$19,999", "$20,000 and more", "none"] as const;
export type AmountRange = (typeof AMOUNT_RANGES)[number];

/** What owners reported, counted from the reports whose reporters agreed to publication (stats.ts). */
export interface AlertStats {
  reports: number;
  /** by scam type key (report/catalogue.ts SCAM_TYPES): a report of several types counts in each */
  scamTypes: Record<string, number>;
  /** by the reporters' two-letter US state; reports without one are in no state */
  states: Record<string, number>;
  amountRanges: Record<AmountRange, number>;
  /** the New York day (YYYY-MM-DD) of the first and the last counted report; null with none */
  firstReportAt: string | null;
  lastReportAt: string | null;
}

/** An alert as `GET /api/public/scam-alerts` answers it: no case, no normalised keys, nothing a reporter wrote. */
export interface PublicAlert {
  slug: string;
  title: string;
  summary: string;
  identifiers: { type: AlertIdentifierType; shown: string }[];
  stats: AlertStats;
  publishedAt: string;
  updatedAt: string;
  /** the alert's page */
  url: string;
}

/** An alert as stored and as the administrators see it. */
export interface Alert {
  slug: string;
  caseId: string;
  title: string;
  summary: string;
  identifiers: AlertIdentifier[];
  published: boolean;
  /** when it was first published (kept when it is unpublished and published again) */
  publishedAt: string;
  createdAt: string;
  updatedAt: string;
  updatedBy: string;
  stats: AlertStats;
  /** bumped by every change an administrator makes: an update is conditional on the version it read */
  version: number;
}

/** The id of the JSON data block an alert's page carries: the alert as `GET /api/public/scam-alerts/{slug}` answers it. */
export const ALERT_DATA_ID = "scam-alert-data";

/** The path of an alert's page and of its public JSON. */
export const alertPath = (slug: string) => `/scam-alerts/${encodeURIComponent(slug)}`;
export const publicAlertApiPath = (slug: string) => `/api/public/scam-alerts/${encodeURIComponent(slug)}`;
export const PUBLIC_ALERTS_API_PATH = "/api/public/scam-alerts";

/** The lookup's answer: the published alerts any spelling of the query names (none: the page says that is not a clean bill). */
export interface LookupAnswer {
  alerts: PublicAlert[];
}

/** The published list, newest first, a page at a time. */
export interface PublishedPage {
  alerts: PublicAlert[];
  next: string | null;
}

/** The public lookups by New York day (`GET /api/admin/scam-alert-lookups`, the dashboard). */
export interface LookupDay {
  day: string;
  found: number;
  missed: number;
}

export interface LookupReport {
  /** every day of the range, oldest first, with its counts (0 on days without lookups) */
  days: LookupDay[];
  totals: { found: number; missed: number };
  /** the alerts most looked up over the range, most first (ties by slug), at most `top` */
  alerts: { slug: string; title: string; published: boolean; lookups: number }[];
}
