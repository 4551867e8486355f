/**
 * A case's status, as administrators set it and as a reporter's status page shows it. Pure: no
 * imports (the admin console and the public status page load it).
 */
export const CASE_STATUSES = ["open", "investigating", "referred", "closed"] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

/** The console's words. */
export const STATUS_LABELS: Record<CaseStatus, string> = {
  open: "Open",
  investigating: "Investigating",
  referred: "Referred to an authority",
  closed: "Closed",
};

/** What a reporter reads on their report's status page (and in the status-change e-mail). */
export const PUBLIC_STATUS_LABELS: Record<CaseStatus, string> = {
  open: "Open: linked with other reports of the same scam",
  investigating: "Being investigated by the foundation",
  referred: "Referred to an authority",
  closed: "Closed",
};

export const isCaseStatus = (value: unknown): value is CaseStatus => (CASE_STATUSES as readonly unknown[]).includes(value);
