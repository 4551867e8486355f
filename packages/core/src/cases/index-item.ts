import { ONE_PART, defineIndex } from "../collection/index-definition";
import { amountOrder, idOrder, lastWordKey, textOrder, valueOrder } from "../collection/orders";
import { INDEX_BUCKETS, Keys } from "../db/keys";
import type { CaseHead } from "./info";
import { CASE_STATUSES, type CaseStatus } from "./status";

/**
 * The admin index of cases (collection/index-definition.ts): one compact row per case, pk
 * `CASEIDX#<bucket>`, sk = the case id (time-sortable), the row packed into `r`. Unlike a report's,
 * a case's row changes: it is put again in the same transaction as every write of the case's head
 * (store.ts), so the list always shows the head as it is. One part, "all".
 */
export interface CaseRow {
  id: string;
  reference: string;
  title: string;
  status: CaseStatus;
  /** an administrator's e-mail, or "" */
  assignee: string;
  reports: number;
  consenting: number;
  amountLost: number;
  /** two-letter states, comma-separated */
  states: string;
  /** scam type keys, comma-separated */
  scamTypes: string;
  firstReportAt: string;
  lastReportAt: string;
  createdAt: string;
  updatedAt: string;
  /** the case this one was merged into, or "" */
  mergedInto: string;
  alertSlug: string;
}

export const toRow = (head: CaseHead): CaseRow => ({
  id: head.id,
  reference: head.reference,
  title: head.title,
  status: head.status,
  assignee: head.assignee ?? "",
  reports: head.reports,
  consenting: head.consenting,
  amountLost: head.amountLost,
  states: head.states.join(","),
  scamTypes: head.scamTypes.join(","),
  firstReportAt: head.firstReportAt,
  lastReportAt: head.lastReportAt,
  createdAt: head.createdAt,
  updatedAt: head.updatedAt,
  mergedInto: head.mergedInto ?? "",
  alertSlug: head.alertSlug ?? "",
});

export const { COLLECTION, layout, ORDERS, NAME_SEARCH, decodeRow, indexItem } = defineIndex({
  collection: "cases",
  type: "caseIndex",
  buckets: INDEX_BUCKETS,
  parts: { partition: Keys.scamCaseIndexPartition, searchPart: Keys.scamCaseIndexPart },
  fields: [
    ["reference", "title", "status", "assignee"],
    ["reports", "consenting", "amountLost", "states", "scamTypes"],
    ["firstReportAt", "lastReportAt", "createdAt", "updatedAt", "mergedInto", "alertSlug"],
  ],
  orders: {
    createdAt: idOrder<CaseRow>(),
    lastReportAt: valueOrder<CaseRow>(1, (r) => r.lastReportAt),
    reports: valueOrder<CaseRow>(2, (r) => String(r.reports).padStart(9, "0")),
    amountLost: amountOrder<CaseRow>(3, (r) => r.amountLost),
    title: textOrder<CaseRow>(4, (r) => r.title),
    status: valueOrder<CaseRow>(5, (r) => String(CASE_STATUSES.indexOf(r.status))),
  },
  // search-only: the title from its last word, and the reference ("case-7k3m9q" starts with what is typed)
  searchKeys: {
    titleLast: lastWordKey<CaseRow>(6, (r) => r.title),
    reference: textOrder<CaseRow>(7, (r) => r.reference),
  },
  nameSearch: (k) => [k.title, k.titleLast, k.reference],
  toRow,
  // numbers written before a field existed read back as ""
  fromStored: (row) => ({ ...row, reports: Number(row.reports) || 0, consenting: Number(row.consenting) || 0, amountLost: Number(row.amountLost) || 0 }),
});

export const PART = ONE_PART;
export const indexKey = (caseId: string) => layout.key(PART, caseId);
