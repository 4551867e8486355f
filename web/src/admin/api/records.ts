import type { KindConsole } from "@site/core/kinds/definition";
import type { CollectionResource } from "../collection";
import { apiPath } from "./paths";
import { useAdminData } from "./useAdminData";

export type { KindConsole };

/** A row of a registered kind's list: its id, its time and the fields its definition lists. */
export type RecordRow = { id: string; createdAt: string } & Record<string, unknown>;

export const RECORDS_MESSAGES = {
  kindsFailed: "Failed to load the kinds of records",
  loadFailed: "Failed to load records",
  refreshFailed: "Failed to refresh records",
  deleteFailed: "Failed to delete the record",
  exportFailed: "Failed to export records",
};

/** How the console shows each kind made by defineKind and registered (core/kinds/definition.ts `KindConsole`). */
export const useRecordKinds = () => useAdminData<{ kinds: KindConsole[] }>(apiPath("listRecordKinds"), RECORDS_MESSAGES.kindsFailed);

/** One registered kind's list, its CSV export and the deletion of a row. */
export const recordsResource = (kind: KindConsole): CollectionResource<RecordRow> => ({
  list: apiPath("listRecords", { kind: kind.name }),
  ...(kind.csvExport ? { export: { kind: kind.csvExport } } : {}),
  item: (row) => apiPath("deleteRecord", { kind: kind.name, id: row.id }),
});
