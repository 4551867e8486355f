import { statusOf, type SignatureRow } from "./row";
import { DISPLAY_TIME_ZONE } from "../util/time";

/**
 * The signature export's columns, in the spec's order: the CSV export and the "Signatures" tab of
 * the spreadsheet sync use the same ones. Pure (no I/O), so the web can import it too.
 */
export const SIGNATURE_COLUMNS = [
  "First Name",
  "Last Name",
  "Email",
  "Timeshare Name",
  "Petition ID",
  "Submission Date",
  "Browser",
  "Device Type",
  "Screen Resolution",
  "Timezone",
  "City",
  "Region",
  "Country",
  "IP Address",
  "Status",
] as const;

const submissionDate = new Intl.DateTimeFormat("en-US", { timeZone: DISPLAY_TIME_ZONE });

/** Month/day/year in US English, New York time (e.g. 3/7/2025), from the ISO `createdAt`. */
export const submissionDateOf = (createdAt: string) => {
  const at = new Date(createdAt);
  return Number.isNaN(at.getTime()) ? "" : submissionDate.format(at);
};

/** One signature as the export's cells, in SIGNATURE_COLUMNS order. */
export function signatureCells(r: SignatureRow): string[] {
  return [
    r.firstName,
    r.lastName,
    r.email,
    r.timeshareName,
    r.petitionId,
    submissionDateOf(r.createdAt),
    r.browser,
    r.deviceType,
    r.screenResolution,
    r.timezone,
    r.city,
    r.region,
    r.country,
    r.ipAddress,
    statusOf(r),
  ].map((v) => v ?? "");
}
