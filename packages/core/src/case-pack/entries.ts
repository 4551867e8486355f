import { formatUsd } from "../report/amount";
import { CONTACT_METHOD_FIELDS, CONTACT_METHOD_LABELS, SCAM_TYPE_FIELDS, SCAM_TYPE_LABELS } from "../report/catalogue";
import type { Info } from "../report/info";

/**
 * What one report is in a case pack for an authority (the FTC, a state attorney general): the facts
 * of the scam, the scammer's details, the money and the evidence files listed by name. The
 * reporter's name and e-mail appear only when they agreed, on the wizard's first step, to speak with
 * the foundation's team (`speakWithTeam`); otherwise the pack says so (docs/scam-intelligence.md
 * "The case pack for an authority"). Pure: no AWS import.
 */
export interface PackEntry {
  reference: string;
  submitted: string;
  dateOccurred: string;
  city: string;
  state: string;
  /** "Ana Lima <ana@example.org>", or why not */
  reporter: string;
  scamTypes: string[];
  /** "Label: value" lines of the scam types' and contact methods' own fields */
  details: string[];
  contactMethods: string[];
  scammer: { name: string; company: string; phone: string; email: string; website: string };
  amountLost: string;
  reportedTo: string;
  /** "details: contract.pdf (application/pdf, 120.4 KB)" */
  evidence: string[];
}

export const REPORTER_WITHHELD = "Withheld: the reporter did not agree to be contacted";

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const text = (value: unknown) => (value === undefined || value === null ? "" : typeof value === "boolean" ? (value ? "Yes" : "No") : String(value));

function fieldLines(specs: readonly { name: string; label: string; kind: string }[], values: Record<string, unknown>): string[] {
  return specs
    .filter((spec) => values[spec.name] !== undefined && values[spec.name] !== "")
    .map((spec) => `${spec.label}: ${spec.kind === "money" ? formatUsd(values[spec.name] as number) : text(values[spec.name])}`);
}

export function packEntryOf(report: Info): PackEntry {
  const r = report.reporter;
  const details = [
    ...report.scamTypes.flatMap((t) => fieldLines(SCAM_TYPE_FIELDS[t.type], t as unknown as Record<string, unknown>)),
    ...report.contactMethods.flatMap((m) => fieldLines(CONTACT_METHOD_FIELDS[m.method], m as unknown as Record<string, unknown>)),
  ];
  return {
    reference: report.reference,
    submitted: `${report.createdDate} ${report.createdTime}`,
    dateOccurred: report.dateOccurred,
    city: text(r.city),
    state: text(r.state),
    reporter: r.speakWithTeam ? `${r.fullName} <${r.email}>` : REPORTER_WITHHELD,
    scamTypes: report.scamTypes.map((t) => SCAM_TYPE_LABELS[t.type]),
    details,
    contactMethods: report.contactMethods.map((m) => CONTACT_METHOD_LABELS[m.method]),
    scammer: {
      name: text(report.scammer.name),
      company: text(report.scammer.company),
      phone: text(report.scammer.phone),
      email: text(report.scammer.email),
      website: text(report.scammer.website),
    },
    amountLost: report.moneyLost ? formatUsd(report.amountLost) : "None",
    reportedTo: report.reportedElsewhere ? text(report.reportedTo) : "",
    evidence: report.evidence.map((e) => `${e.purpose}: ${e.fileName} (${e.contentType}, ${kb(e.size)})`),
  };
}

export const CSV_HEADER = [
  "Reference",
  "Submitted (New York)",
  "Date occurred",
  "City",
  "State",
  "Reporter",
  "Scam types",
  "Contact methods",
  "Details",
  "Scammer name",
  "Company",
  "Scammer phone",
  "Scammer e-mail",
  "Scammer website",
  "Amount lost",
  "Reported to",
  "Evidence files",
] as const;

export const csvCellsOf = (e: PackEntry): string[] => [
  e.reference,
  e.submitted,
  e.dateOccurred,
  e.city,
  e.state,
  e.reporter,
  e.scamTypes.join("; "),
  e.contactMethods.join("; "),
  e.details.join("; "),
  e.scammer.name,
  e.scammer.company,
  e.scammer.phone,
  e.scammer.email,
  e.scammer.website,
  e.amountLost,
  e.reportedTo,
  e.evidence.join("; "),
];
