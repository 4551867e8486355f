import type { z } from "zod";
import type { Audit } from "../audit";
import { LeadListing } from "../lead/listing";
import { LEAD_CSV_COLUMNS, leadCells } from "../lead/sheet-columns";
import { SubscriberListing } from "../newsletter/listing";
import { SUBSCRIBER_CSV_COLUMNS, subscriberCells } from "../newsletter/admin-csv";
import { ReportAdmin } from "../report/admin";
import { ReportListing } from "../report/listing";
import { REPORT_COLUMNS, reportCells } from "../report/sheet-columns";
import { SIGNATURE_COLUMNS, signatureCells } from "../signature/sheet-columns";
import { SignatureListing } from "../signature/listing";
import { parse } from "../util/zod";
import { csvFormat, jsonFormat, type FileFormat } from "./formats";
import type { ExportKindName } from "./names";

/**
 * What an administrator can export as a job (docs/architecture.md "Admin lists at any size"): the
 * rows a list query selects, a page at a time, written in a file format. The query is the list's
 * own (its filters, search, sort and order); the audit action is the one the paged export used.
 */
export interface ExportKind<Row = unknown> {
  action: Audit.Action;
  /** the rows of a list query (unparsed: the job stores what the administrator sent) and how many */
  selection: (query: Record<string, unknown>) => Promise<{ total: number; pages: AsyncIterable<readonly Row[]> }>;
  /** the audit target: the scope, search and filters */
  describe: (query: Record<string, unknown>) => string;
  format: FileFormat<Row>;
}

/** A collection's export as is: its rows, one per line. */
function rowsOf<Row extends { id: string }>(
  collection: {
    ExportQuery: z.ZodType;
    selection: (q: never) => Promise<{ total: number; pages: AsyncIterable<Row[]> }>;
    describe: (q: never) => string;
  },
  action: Audit.Action,
  format: FileFormat<Row>,
): ExportKind<Row> {
  return {
    action,
    selection: (query) => collection.selection(parse(collection.ExportQuery, query) as never),
    describe: (query) => collection.describe(parse(collection.ExportQuery, query) as never),
    format,
  };
}

/** Full scam reports (scam types, contact methods, evidence names, metadata), read by id a page of rows at a time. */
function fullReports(format: FileFormat<ReportAdmin.Exported>): ExportKind<ReportAdmin.Exported> {
  const reports = ReportListing.reports;
  return {
    action: "reports.exported",
    async selection(query) {
      const q = parse(reports.ExportQuery, query);
      const { total, pages } = await reports.selection(q, ReportAdmin.FULL_EXPORT_PAGE_SIZE);
      async function* full() {
        for await (const rows of pages) yield (await ReportAdmin.fetchMany(rows.map((r) => r.id))).map(ReportAdmin.exported);
      }
      return { total, pages: full() };
    },
    describe: (query) => reports.describe(parse(reports.ExportQuery, query)),
    format,
  };
}

const reportCsvCells = (r: ReportAdmin.Exported) => reportCells({ ...r, evidence: r.evidence.map((e) => ({ ...e, key: "" })) });

export const EXPORT_KINDS = {
  signatures: rowsOf(SignatureListing.signatures, "signatures.exported", csvFormat([...SIGNATURE_COLUMNS], signatureCells)),
  leads: rowsOf(LeadListing.leads, "leads.exported", csvFormat([...LEAD_CSV_COLUMNS], leadCells)),
  subscribers: rowsOf(SubscriberListing.subscribers, "newsletter.exported", csvFormat([...SUBSCRIBER_CSV_COLUMNS], subscriberCells)),
  reports: fullReports(csvFormat([...REPORT_COLUMNS], reportCsvCells)),
  "reports-json": fullReports(jsonFormat()),
} satisfies Record<ExportKindName, ExportKind<any>>; // eslint-disable-line @typescript-eslint/no-explicit-any -- each kind its own row type
