import { formatUsd } from "./amount";
import { AGE_RANGES, CONTACT_METHOD_FIELDS, CONTACT_METHOD_LABELS, SCAM_TYPE_FIELDS, SCAM_TYPE_LABELS, type FieldSpec } from "./catalogue";
import type { Info as Report } from "./index";

/**
 * The "Scam Reports" tab's columns: one row per report, its scam types and contact methods each
 * in one cell with their own fields. Pure (no I/O). Evidence is listed by file name only: the
 * files are private and downloaded through the admin console.
 */
export const REPORT_COLUMNS = [
  "Reference",
  "Status",
  "Submission Date",
  "Submission Time (EST)",
  "Full Name",
  "Email",
  "City",
  "State",
  "Age Range",
  "Speak With Team",
  "Share Anonymously",
  "Scam Types",
  "Scam Type Details",
  "Contact Methods",
  "Contact Details",
  "Money Lost",
  "Amount Lost",
  "Date Occurred",
  "Scammer Name",
  "Company Name",
  "Scammer Phone",
  "Scammer Email",
  "Scammer Website",
  "Reported Elsewhere",
  "Reported To",
  "Want Updates",
  "Evidence Files",
  "Browser",
  "Device Type",
  "Screen Resolution",
  "Timezone",
  "Language",
  "Location City",
  "Location Region",
  "Location Country",
  "IP Address",
] as const;

const yesNo = (value: boolean | undefined) => (value ? "Yes" : "No");

/** "Label: value" for each field of a scam type or contact method, as the catalogue types it. */
function fieldsText(specs: readonly FieldSpec[], values: Record<string, unknown>): string {
  return specs
    .map((f) => {
      const value = values[f.name];
      const shown = f.kind === "money" ? formatUsd(value as number | undefined) : f.kind === "boolean" ? yesNo(value as boolean) : String(value ?? "");
      return `${f.label}: ${shown}`;
    })
    .join(", ");
}

/** One report as the tab's cells, in REPORT_COLUMNS order. */
export function reportCells(r: Report): string[] {
  const ageRange = r.reporter.ageRange && (AGE_RANGES as readonly string[]).includes(r.reporter.ageRange) ? r.reporter.ageRange : "";
  return [
    r.reference,
    r.status,
    r.createdDate,
    r.createdTime,
    r.reporter.fullName,
    r.reporter.email,
    r.reporter.city,
    r.reporter.state,
    ageRange,
    yesNo(r.reporter.speakWithTeam),
    yesNo(r.reporter.shareAnonymously),
    r.scamTypes.map((t) => SCAM_TYPE_LABELS[t.type]).join("; "),
    r.scamTypes.map((t) => `${SCAM_TYPE_LABELS[t.type]} (${fieldsText(SCAM_TYPE_FIELDS[t.type], t)})`).join("; "),
    r.contactMethods.map((m) => CONTACT_METHOD_LABELS[m.method]).join("; "),
    r.contactMethods.map((m) => `${CONTACT_METHOD_LABELS[m.method]} (${fieldsText(CONTACT_METHOD_FIELDS[m.method], m)})`).join("; "),
    yesNo(r.moneyLost),
    r.moneyLost ? formatUsd(r.amountLost) : "",
    r.dateOccurred,
    r.scammer.name ?? "",
    r.scammer.company ?? "",
    r.scammer.phone ?? "",
    r.scammer.email ?? "",
    r.scammer.website ?? "",
    yesNo(r.reportedElsewhere),
    r.reportedTo ?? "",
    yesNo(r.wantUpdates),
    r.evidence.map((e) => e.fileName).join("; "),
    r.meta.browser,
    r.meta.deviceType,
    r.meta.screenResolution,
    r.meta.timezone,
    r.meta.language,
    r.meta.city,
    r.meta.region,
    r.meta.country,
    r.meta.ipAddress,
  ].map((v) => v ?? "");
}
