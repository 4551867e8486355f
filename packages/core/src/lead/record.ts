import type { IndexedOrder, SearchKey } from "../collection/orders";
import type { KindDeclaration } from "../kinds/definition";
import { columnsOf } from "../kinds/columns";
import { COUNTED_KIND_LABELS } from "../policy/personal-record";
import { metaColumnsOf, type MetaColumns } from "../request/meta-columns";
import { SUBMISSION_RETENTION_YEARS } from "../policy/retention";
import { LEAD_FORM_INFO, isLeadForm, type LeadForm } from "./forms";
import type { Info } from "./info";

/**
 * A free-guide request (`lead`), declared once in the shape every kind is declared in
 * (kinds/definition.ts `KindDeclaration`): its words, its admin list's fields, orders and search, the
 * columns of its CSV export and its four spreadsheet tabs (the spec's, in order), and its
 * personal-data rules. The admin index (index-item.ts), the tabs (sheet.ts), the registry's entry
 * (record-kind.ts) and the console (web/src/admin/lib/leads.ts) are made from it. Its storage is its
 * own (index.ts: a form per part, the visitor's transaction). Pure: the console imports it.
 */

/**
 * A submission as the admin lists, exports and spreadsheet tabs see it: every field of the spec's
 * CSV and of the details dialog but the user agent and coordinates, flat. The admin index keeps one
 * compact item per submission in this shape, so lists, searches and exports never read full items.
 */
export interface LeadRow extends MetaColumns {
  id: string;
  form: LeadForm;
  fullName: string;
  email: string;
  newsletterConsent: boolean;
  /** MM/DD/YYYY, New York */
  createdDate: string;
  /** HH:mm:ss (24-hour), New York */
  createdTime: string;
  /** ISO UTC */
  createdAt: string;
}

export function toRow(lead: Info): LeadRow {
  const { id, form, fullName, email, newsletterConsent, createdDate, createdTime, createdAt, meta } = lead;
  return { id, form, fullName, email, newsletterConsent, createdDate, createdTime, createdAt, ...metaColumnsOf(meta) };
}

/** "MM/DD/YYYY HH:mm:ss", New York: the list's "Submission Date & Time (EST)". */
export const submittedAt = (r: Pick<LeadRow, "createdDate" | "createdTime">) => `${r.createdDate} ${r.createdTime}`.trim();

/** The document a stored submission asked for, by its form. */
const documentOf = (form: unknown) => (typeof form === "string" && isLeadForm(form) ? LEAD_FORM_INFO[form].documentTitle : String(form));

type LeadOrders = Record<"createdAt" | "fullName" | "email", IndexedOrder<LeadRow>>;
type LeadSearchKeys = Record<"fullNameLast", SearchKey<LeadRow>>;

export const LEAD_RECORD = {
  name: "lead",
  plural: "leads",
  label: COUNTED_KIND_LABELS.lead,
  admin: {
    // packed into the index row in this order (the id and the form come from its key)
    fields: [
      "fullName",
      "email",
      "newsletterConsent",
      "createdDate",
      "createdTime",
      "createdAt",
      "browser",
      "deviceType",
      "screenResolution",
      "language",
      "timezone",
      "city",
      "region",
      "country",
      "ipAddress",
    ],
    orders: (o) => ({ createdAt: o.id(), fullName: o.text(1, (r) => r.fullName), email: o.text(2, (r) => r.email) }),
    // search only: the name from its last word
    searchKeys: (o) => ({ fullNameLast: o.lastWord(3, (r) => r.fullName) }),
    // a name search matches the name (first and last word) and the e-mail from the start
    search: ["fullName", "fullNameLast", "email"],
  },
  columns: [
    ["Full Name", (r) => r.fullName],
    ["Email", (r) => r.email],
    ["Newsletter Consent", (r) => (r.newsletterConsent ? "Yes" : "No")],
    ["Submission Date", submittedAt],
    ["Browser", (r) => r.browser],
    ["Device Type", (r) => r.deviceType],
    ["Screen Resolution", (r) => r.screenResolution],
    ["Language", (r) => r.language],
    ["Timezone", (r) => r.timezone],
    ["City", (r) => r.city],
    ["Region", (r) => r.region],
    ["Country", (r) => r.country],
    ["IP Address", (r) => r.ipAddress],
  ],
  personalData: {
    erasure: "with the person",
    retention: { years: SUBMISSION_RETENTION_YEARS, after: "SUBMISSION_RETENTION_YEARS after the request" },
    describe: (record) => `Request for "${documentOf(record.form)}"`,
  },
} as const satisfies KindDeclaration<LeadRow, keyof LeadRow & string, LeadOrders, LeadSearchKeys, Record<string, unknown>>;

const { header, cells } = columnsOf(LEAD_RECORD.columns);

/** The spec's lead-list CSV columns, in order: the console's CSV export and each form's tab. */
export const LEAD_CSV_COLUMNS = header;

/** One submission as cells, in LEAD_CSV_COLUMNS order. */
export const leadCells = cells;
