/** The product's kinds' exports (each beside its kind, `<domain>/record-kind.ts`; registered by privacy/kinds.ts). Pure: the console imports it. */
export const EXPORT_NAMES = ["signatures", "leads", "subscribers", "reports", "reports-json"] as const;
export type ExportName = (typeof EXPORT_NAMES)[number];

/** The export of a kind made by defineKind and registered (`<plural>`, `<plural>-json`), as the server names it (`GET /api/admin/records`). */
export type RegisteredExportName = string & { readonly registeredExport?: never };
