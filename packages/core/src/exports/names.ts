/** What can be exported as a job (exportables.ts). Pure: the console imports it. */
export const EXPORT_NAMES = ["signatures", "leads", "subscribers", "reports", "reports-json"] as const;
export type ExportName = (typeof EXPORT_NAMES)[number];
