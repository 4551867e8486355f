/** What can be exported as a job (kinds.ts). Pure: the console imports it. */
export const EXPORT_KIND_NAMES = ["signatures", "leads", "subscribers", "reports", "reports-json"] as const;
export type ExportKindName = (typeof EXPORT_KIND_NAMES)[number];
