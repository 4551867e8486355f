import type { IndexedOrder, SearchKey } from "../collection/orders";
import { columnsOf } from "../kinds/columns";
import type { KindListDeclaration } from "../kinds/definition";
import { COUNTED_KIND_LABELS } from "../policy/personal-record";
import { metaColumnsOf, type MetaColumns } from "../request/meta-columns";
import { DISPLAY_TIME_ZONE } from "../util/time";
import type { Info } from "./info";

/**
 * A petition signature (`signature`), its list declared in the shape every kind is declared in
 * (kinds/definition.ts `KindListDeclaration`): its words, its admin list's fields, orders and search,
 * and the columns of its CSV export and "Signatures" tab (the spec's, in order). The admin index
 * (index-item.ts), the tab (sheet.ts) and the export (record-kind.ts) are made from it; its storage
 * (the 12,000-a-second signing path) and its personal-data rules (anonymised, described with the
 * petition's title: record-kind.ts) are its own. Pure: the console imports it.
 */

/**
 * A signature as admin lists, exports and spreadsheet syncs see it: everything but the user agent
 * and coordinates, flat. The admin index keeps one compact item per signature in this shape so
 * lists, searches, sorts and exports never read full signature items.
 */
export interface SignatureRow extends MetaColumns {
  id: string;
  petitionId: string;
  firstName: string;
  lastName: string;
  email: string;
  timeshareName: string;
  /** MM/DD/YYYY, New York */
  createdDate: string;
  /** HH:mm:ss, New York */
  createdTime: string;
  /** ISO UTC */
  createdAt: string;
  /** "pending", "verified" or "unverified"; "" on rows written before statuses existed (counted: shown as unverified, `statusOf`) */
  status: string;
}

/** A row's status as lists, exports and sheets show it: rows without one were counted, never verified. */
export const statusOf = (row: Pick<SignatureRow, "status">) => row.status || "unverified";

export function toRow(s: Info): SignatureRow {
  const { id, petitionId, firstName, lastName, email, createdDate, createdTime, createdAt } = s;
  return {
    id,
    petitionId,
    firstName,
    lastName,
    email,
    timeshareName: s.timeshareName ?? "",
    createdDate,
    createdTime,
    createdAt,
    ...metaColumnsOf(s.meta),
    status: s.status ?? "",
  };
}

const submissionDate = new Intl.DateTimeFormat("en-US", { timeZone: DISPLAY_TIME_ZONE });

/** Month/day/year in US English, New York time (e.g. 3/7/2025), from the ISO `createdAt`. */
export const submissionDateOf = (createdAt: string) => {
  const at = new Date(createdAt);
  return Number.isNaN(at.getTime()) ? "" : submissionDate.format(at);
};

type SignatureOrders = Record<"createdAt" | "firstName" | "lastName" | "email" | "timeshareName" | "petitionId", IndexedOrder<SignatureRow>>;

export const SIGNATURE_LIST = {
  name: "signature",
  plural: "signatures",
  label: COUNTED_KIND_LABELS.signature,
  admin: {
    // packed into the index row in this order (the id and the petition come from its key); `status` appended later
    fields: [
      "firstName",
      "lastName",
      "email",
      "timeshareName",
      "createdDate",
      "createdTime",
      "createdAt",
      "browser",
      "deviceType",
      "screenResolution",
      "timezone",
      "language",
      "city",
      "region",
      "country",
      "ipAddress",
      "status",
    ],
    orders: (o) => ({
      createdAt: o.id(),
      firstName: o.text(1, (r) => r.firstName),
      lastName: o.text(2, (r) => r.lastName),
      email: o.text(3, (r) => r.email),
      timeshareName: o.text(4, (r) => r.timeshareName),
      // every petition's rows by petition: the index rows' own partitions, one petition each (no index entry)
      petitionId: o.part((r) => r.petitionId),
    }),
    /*
     * A name search matches first name, last name, e-mail and timeshare name from the start
     * (collection/name-index.ts). The names have search partitions of their own; the e-mail and the
     * timeshare name are found through their order indexes' buckets (a whole e-mail address through
     * the person index), so a signature writes two index entries fewer (docs/architecture.md
     * "Capacity": the signing transaction's index writes).
     */
    search: ["firstName", "lastName"],
    searchByOrder: ["email", "timeshareName"],
  },
  columns: [
    ["First Name", (r) => r.firstName],
    ["Last Name", (r) => r.lastName],
    ["Email", (r) => r.email],
    ["Timeshare Name", (r) => r.timeshareName],
    ["Petition ID", (r) => r.petitionId],
    ["Submission Date", (r) => submissionDateOf(r.createdAt)],
    ["Browser", (r) => r.browser],
    ["Device Type", (r) => r.deviceType],
    ["Screen Resolution", (r) => r.screenResolution],
    ["Timezone", (r) => r.timezone],
    ["City", (r) => r.city],
    ["Region", (r) => r.region],
    ["Country", (r) => r.country],
    ["IP Address", (r) => r.ipAddress],
    ["Status", statusOf],
  ],
} as const satisfies KindListDeclaration<SignatureRow, keyof SignatureRow & string, SignatureOrders, Record<never, SearchKey<SignatureRow>>>;

const { header, cells } = columnsOf(SIGNATURE_LIST.columns);

/** The signature export's columns, in the spec's order: the CSV export and the "Signatures" tab. */
export const SIGNATURE_COLUMNS = header;

/** One signature as the export's cells, in SIGNATURE_COLUMNS order. */
export const signatureCells = cells;
