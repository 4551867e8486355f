/**
 * The answers of the analytics admin routes, as the dashboard reads them. Types only: the browser
 * imports this module without zod or the AWS SDK.
 */

export interface LabelCount {
  label: string;
  count: number;
}

/** One bucket of `series`: `visitors` (daily unique visitors) only on daily buckets. */
export interface SeriesPoint {
  /** ISO start of the bucket. */
  at: string;
  pageviews: number;
  visitors?: number;
}

/** `GET /api/admin/analytics`. */
export interface AnalyticsReport {
  range: { from: string; to: string; bucket: "hour" | "day" };
  /** `visitors`: the sum of each New York day's unique visitors within the range. */
  totals: { pageviews: number; visitors: number };
  topLocation: LabelCount | null;
  topDevice: LabelCount | null;
  /** "City, Region, Country" (or as much as is known, else "Unknown"), top 10. */
  locations: LabelCount[];
  devices: LabelCount[];
  browsers: LabelCount[];
  os: LabelCount[];
  /** Route patterns ("/sign/:id"; pages the site does not have: "other"), top 20. */
  pages: LabelCount[];
  /** Referring hosts (not the site's own), top 20. */
  referrers: LabelCount[];
  /** utm_source values, top 20. */
  sources: LabelCount[];
  /** utm_campaign values, top 20. */
  campaigns: LabelCount[];
  events: LabelCount[];
  /** Hourly buckets for ranges of at most 48 hours, else New York days. */
  series: SeriesPoint[];
  /** Always the last 24 hourly buckets, the current one last. */
  hourly: { at: string; pageviews: number }[];
  funnels: {
    /** views: page views of /petition and /sign/*; clicks: sign_petition_main; signatures: signature events. */
    petition: { views: number; clicks: number; signatures: number };
    report: { started: number; submitted: number };
  };
}

/** One of the most recent page views (`GET /api/admin/analytics/recent`). */
export interface RecentVisit {
  at: string;
  /** Truncated: IPv4 /24 ("203.0.113.0"), IPv6 /48 ("2001:db8:1::"). */
  ip: string;
  location: string;
  device: string;
  browser: string;
  os: string;
  path: string;
}

export interface RecentVisits {
  items: RecentVisit[];
}
