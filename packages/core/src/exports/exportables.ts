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
import { rowsOf, type Exportable } from "./exportable";
import { csvFormat, jsonFormat, type FileFormat } from "./formats";
import type { ExportName } from "./names";

export type { Exportable } from "./exportable";

/** Full scam reports (scam types, contact methods, evidence names, metadata), read by id a page of rows at a time. */
function fullReports(format: FileFormat<ReportAdmin.Exported>): Exportable<ReportAdmin.Exported> {
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

export const EXPORTABLES = {
  signatures: rowsOf(SignatureListing.signatures, "signatures.exported", csvFormat([...SIGNATURE_COLUMNS], signatureCells)),
  leads: rowsOf(LeadListing.leads, "leads.exported", csvFormat([...LEAD_CSV_COLUMNS], leadCells)),
  subscribers: rowsOf(SubscriberListing.subscribers, "newsletter.exported", csvFormat([...SUBSCRIBER_CSV_COLUMNS], subscriberCells)),
  reports: fullReports(csvFormat([...REPORT_COLUMNS], reportCsvCells)),
  "reports-json": fullReports(jsonFormat()),
} satisfies Record<ExportName, Exportable<any>>; // eslint-disable-line @typescript-eslint/no-explicit-any -- each kind its own row type
