/**
 * A report's triage status (the original has none): set to "new" when the report is
 * stored, changed by an administrator from the details view. No imports: the admin console loads it.
 */
export const STATUSES = ["new", "in_review", "resolved", "spam"] as const;
export type Status = (typeof STATUSES)[number];

export const STATUS_LABELS: Record<Status, string> = {
  new: "New",
  in_review: "In review",
  resolved: "Resolved",
  spam: "Spam",
};
