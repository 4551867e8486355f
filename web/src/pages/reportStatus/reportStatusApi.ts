import type { LinkRequested, ReportStatusView, Unsubscribed } from "@site/core/report-status/answers";

/**
 * The reporter's status routes as the pages call them (packages/functions/src/routes.ts), and their
 * answers' types. No zod here: the form's rules (requestRules.ts) load when the visitor starts typing.
 */
export const REPORT_STATUS_API = {
  link: "/api/report-status/link",
  status: (token: string) => `/api/report-status/${encodeURIComponent(token)}`,
  unsubscribe: "/api/report-status/unsubscribe",
};

export type { LinkRequested, ReportStatusView, Unsubscribed };

const dayFormat = new Intl.DateTimeFormat("en-US", { timeZone: "America/New_York", year: "numeric", month: "long", day: "numeric" });

/** "March 7, 2025", in New York, as the site shows dates. */
export const formatDay = (iso: string) => (Number.isNaN(Date.parse(iso)) ? "" : dayFormat.format(new Date(iso)));
