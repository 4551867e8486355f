/** The export loop is shared with the benchmark: see packages/core/src/collection/export-pages.ts. */
export { EXPORT_PARALLEL_PAGES, exportStep, type ExportAnswer, type FetchExportPage } from "@site/core/collection/export-pages";
