import { Keys } from "../db/keys";
import { declaredEntry } from "../kinds/entry";
import { type Exportable } from "../exports/exportable";
import { csvFormat, jsonFormat, type FileFormat } from "../exports/formats";
import { parse } from "../util/zod";
import { removedNow, type PersonalRecordKind } from "../policy/personal-record";
import { REPORT_COLUMNS, REPORT_RECORD, reportCells } from "./record";
import { reportsTab } from "./sheet";
import { idTime } from "../util/id";
import { ReportAdmin } from "./admin";
import { ReportNotFound } from "./index";
import { reports } from "./listing";
import { retentionStep } from "./retention";

/** Scam reports (with their evidence files) as a kind of personal record (policy/personal-record.ts; listed in privacy/kinds.ts). */
export const reportKind: PersonalRecordKind = {
  ...declaredEntry(REPORT_RECORD, retentionStep),
  madeAt: (key) => idTime(Keys.reportOf(key)),
  async remove(key) {
    const id = Keys.reportOf(key);
    if (!id) return undefined;
    return (await removedNow(() => ReportAdmin.remove(id), ReportNotFound)) ? { tabs: [reportsTab.entry.id] } : undefined;
  },
  collection: reports,
  sheetTabs: [reportsTab.entry],
};

/** Full scam reports (scam types, contact methods, evidence names, metadata), read by id a page of rows at a time. */
function fullReports(format: FileFormat<ReportAdmin.Exported>): Exportable<ReportAdmin.Exported> {
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

/** The reports' exports (the export job's `reports`, the spreadsheet's columns, and `reports-json`, every field). */
export const reportExports = { reports: fullReports(csvFormat(REPORT_COLUMNS, reportCsvCells)), "reports-json": fullReports(jsonFormat()) };
