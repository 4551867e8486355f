import type { IndexedOrder, SearchKey } from "../collection/orders";
import { columnsOf } from "../kinds/columns";
import type { KindDeclaration } from "../kinds/definition";
import { COUNTED_KIND_LABELS } from "../policy/personal-record";
import { SUBMISSION_RETENTION_YEARS } from "../policy/retention";
import { formatUsd } from "./amount";
import { caseReference } from "./case-reference";
import { AGE_RANGES, CONTACT_METHOD_FIELDS, CONTACT_METHOD_LABELS, SCAM_TYPE_FIELDS, SCAM_TYPE_LABELS, type FieldSpec } from "./catalogue";
import type { Info } from "./info";
import { STATUSES, type Status } from "./status";

/**
 * A scam report (`report`), declared once in the shape every kind is declared in
 * (kinds/definition.ts `KindDeclaration`): its words, its admin list's fields, orders and search,
 * the columns of its "Scam Reports" tab and CSV export (read from the whole report), and its
 * personal-data rules. The admin index (index-item.ts), the tab (sheet.ts), the exports and the
 * registry's entry (record-kind.ts) are made from it; its storage, evidence and cases are its own.
 * Pure: the console imports it.
 */

/**
 * A scam report as the admin list sees it: what the list shows, filters, sorts and searches, flat.
 * The admin index keeps one compact item per report in this shape, so the list never reads full
 * reports.
 */
export interface ReportRow {
  id: string;
  /** "TSR-7K3M-9QX2" */
  reference: string;
  status: Status;
  fullName: string;
  email: string;
  city: string;
  state: string;
  scammerName: string;
  companyName: string;
  /** the selected scam types' keys, comma-separated ("fake_resale,other") */
  scamTypes: string;
  moneyLost: boolean;
  speakWithTeam: boolean;
  /** whole US dollars; null when no money was lost or no amount was given */
  amountLost: number | null;
  /** YYYY-MM-DD, US Eastern */
  dateOccurred: string;
  evidenceCount: number;
  /** MM/DD/YYYY, New York */
  createdDate: string;
  /** HH:mm:ss, New York */
  createdTime: string;
  /** ISO UTC */
  createdAt: string;
}

export function toRow(r: Info): ReportRow {
  return {
    id: r.id,
    reference: r.reference,
    status: r.status,
    fullName: r.reporter.fullName,
    email: r.reporter.email,
    city: r.reporter.city,
    state: r.reporter.state,
    scammerName: r.scammer.name ?? "",
    companyName: r.scammer.company ?? "",
    scamTypes: r.scamTypes.map((t) => t.type).join(","),
    moneyLost: r.moneyLost,
    speakWithTeam: r.reporter.speakWithTeam,
    amountLost: r.moneyLost && typeof r.amountLost === "number" ? r.amountLost : null,
    dateOccurred: r.dateOccurred,
    evidenceCount: r.evidence.length,
    createdDate: r.createdDate,
    createdTime: r.createdTime,
    createdAt: r.createdAt,
  };
}

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

const ageRangeOf = (r: Info) => (r.reporter.ageRange && (AGE_RANGES as readonly string[]).includes(r.reporter.ageRange) ? r.reporter.ageRange : "");

type ReportOrders = Record<"createdAt" | "dateOccurred" | "fullName" | "scammerName" | "companyName" | "amountLost" | "status", IndexedOrder<ReportRow>>;
type ReportSearchKeys = Record<"fullNameLast" | "scammerNameLast" | "email", SearchKey<ReportRow>>;

export const REPORT_RECORD = {
  name: "report",
  plural: "reports",
  label: COUNTED_KIND_LABELS.report,
  admin: {
    // packed into the index row in this order (the id comes from its key)
    fields: [
      "reference",
      "status",
      "fullName",
      "email",
      "city",
      "state",
      "scammerName",
      "companyName",
      "scamTypes",
      "moneyLost",
      "speakWithTeam",
      "amountLost",
      "dateOccurred",
      "evidenceCount",
      "createdDate",
      "createdTime",
      "createdAt",
    ],
    // one slot each (collection/orders.ts); no amount sorts below $0
    orders: (o) => ({
      createdAt: o.id(),
      dateOccurred: o.value(1, (r) => r.dateOccurred),
      fullName: o.text(2, (r) => r.fullName),
      scammerName: o.text(3, (r) => r.scammerName),
      companyName: o.text(4, (r) => r.companyName),
      amountLost: o.amount(5, (r) => r.amountLost),
      status: o.value(6, (r) => String(STATUSES.indexOf(r.status)).padStart(2, "0")),
    }),
    // search only: the reporter's and the scammer's names from their last word, the reporter's e-mail
    searchKeys: (o) => ({
      fullNameLast: o.lastWord(7, (r) => r.fullName),
      scammerNameLast: o.lastWord(8, (r) => r.scammerName),
      email: o.text(9, (r) => r.email),
    }),
    // a name search matches the reporter's, the scammer's and the company's names and the reporter's e-mail from the start
    search: ["fullName", "fullNameLast", "scammerName", "scammerNameLast", "companyName", "email"],
  },
  // one row per report, its scam types and contact methods each in one cell with their own fields;
  // evidence by file name only (the files are private, downloaded through the console)
  columns: [
    ["Reference", (r) => r.reference],
    ["Status", (r) => r.status],
    ["Submission Date", (r) => r.createdDate],
    ["Submission Time (EST)", (r) => r.createdTime],
    ["Full Name", (r) => r.reporter.fullName],
    ["Email", (r) => r.reporter.email],
    ["City", (r) => r.reporter.city],
    ["State", (r) => r.reporter.state],
    ["Age Range", ageRangeOf],
    ["Speak With Team", (r) => yesNo(r.reporter.speakWithTeam)],
    ["Share Anonymously", (r) => yesNo(r.reporter.shareAnonymously)],
    ["Scam Types", (r) => r.scamTypes.map((t) => SCAM_TYPE_LABELS[t.type]).join("; ")],
    ["Scam Type Details", (r) => r.scamTypes.map((t) => `${SCAM_TYPE_LABELS[t.type]} (${fieldsText(SCAM_TYPE_FIELDS[t.type], t)})`).join("; ")],
    ["Contact Methods", (r) => r.contactMethods.map((m) => CONTACT_METHOD_LABELS[m.method]).join("; ")],
    [
      "Contact Details",
      (r) => r.contactMethods.map((m) => `${CONTACT_METHOD_LABELS[m.method]} (${fieldsText(CONTACT_METHOD_FIELDS[m.method], m)})`).join("; "),
    ],
    ["Money Lost", (r) => yesNo(r.moneyLost)],
    ["Amount Lost", (r) => (r.moneyLost ? formatUsd(r.amountLost) : "")],
    ["Date Occurred", (r) => r.dateOccurred],
    ["Scammer Name", (r) => r.scammer.name],
    ["Company Name", (r) => r.scammer.company],
    ["Scammer Phone", (r) => r.scammer.phone],
    ["Scammer Email", (r) => r.scammer.email],
    ["Scammer Website", (r) => r.scammer.website],
    ["Reported Elsewhere", (r) => yesNo(r.reportedElsewhere)],
    ["Reported To", (r) => r.reportedTo],
    ["Want Updates", (r) => yesNo(r.wantUpdates)],
    ["Evidence Files", (r) => r.evidence.map((e) => e.fileName).join("; ")],
    ["Browser", (r) => r.meta.browser],
    ["Device Type", (r) => r.meta.deviceType],
    ["Screen Resolution", (r) => r.meta.screenResolution],
    ["Timezone", (r) => r.meta.timezone],
    ["Language", (r) => r.meta.language],
    ["Location City", (r) => r.meta.city],
    ["Location Region", (r) => r.meta.region],
    ["Location Country", (r) => r.meta.country],
    ["IP Address", (r) => r.meta.ipAddress],
  ],
  personalData: {
    erasure: "with the person",
    retention: { years: SUBMISSION_RETENTION_YEARS, after: "SUBMISSION_RETENTION_YEARS after the report" },
    // the case it is in, by the reference administrators and the reporter's status page quote
    describe: (item) => `Scam report ${String(item.reference)}${typeof item.caseId === "string" ? `, in case ${caseReference(item.caseId)}` : ""}`,
  },
} as const satisfies KindDeclaration<ReportRow, keyof ReportRow & string, ReportOrders, ReportSearchKeys, Record<string, unknown>, Info>;

const { header, cells } = columnsOf(REPORT_RECORD.columns);

/** The "Scam Reports" tab's and the CSV export's columns, in order. */
export const REPORT_COLUMNS = header;

/** One report as the tab's cells, in REPORT_COLUMNS order. */
export const reportCells = cells;
