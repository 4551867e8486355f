import { LEAD_CSV_COLUMNS } from "./forms";
import type { LeadRow } from "./row";

/**
 * The lead lists' columns, in the spec's order (LEAD_CSV_COLUMNS): the CSV export the console makes
 * and each form's spreadsheet tab use the same ones. Pure (no I/O), so the web can import it too.
 */
export { LEAD_CSV_COLUMNS };

/** "MM/DD/YYYY HH:mm:ss", New York: the list's "Submission Date & Time (EST)". */
export const submittedAt = (r: Pick<LeadRow, "createdDate" | "createdTime">) => `${r.createdDate} ${r.createdTime}`.trim();

/** One submission as cells, in LEAD_CSV_COLUMNS order. */
export function leadCells(r: LeadRow): string[] {
  return [
    r.fullName,
    r.email,
    r.newsletterConsent ? "Yes" : "No",
    submittedAt(r),
    r.browser,
    r.deviceType,
    r.screenResolution,
    r.language,
    r.timezone,
    r.city,
    r.region,
    r.country,
    r.ipAddress,
  ].map((v) => v ?? "");
}
