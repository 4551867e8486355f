import { ReportAdmin } from "@site/core/report/admin";
import { exportRoute } from "../lib/collection-routes";

/**
 * Full reports (with their scam types, contact methods, evidence file names and metadata) matching
 * the list's filters: `page`, `pageSize` ≤ 250, `operationId` after the first page, `only=page` for
 * one page; audited as `reports.exported`. The console makes its CSV and JSON files from these.
 */
export const handler = exportRoute(
  { ExportQuery: ReportAdmin.ExportQuery, exportPage: ReportAdmin.exportPage, describe: ReportAdmin.describe },
  "reports.exported",
);
