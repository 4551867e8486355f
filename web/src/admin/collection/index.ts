/**
 * The admin console's side of the generic admin collections (packages/core/src/collection): a list
 * screen is its columns, its filter controls and its API paths. useCollection holds search, sort,
 * filters and paging; useCollectionExport and useDeleteAll drive the chunked export and delete-all
 * routes with progress, useDeleteOne the confirmed deletion of a row; CollectionTable and DeleteAllDialog render them.
 */
export { useCollection, SEARCH_DEBOUNCE_MS, type CollectionOptions, type CollectionState, type FilterValue } from "./useCollection";
export { useCollectionExport, EXPORT_PAGE_SIZE, type CollectionExport } from "./useCollectionExport";
export { useDeleteAll, type DeleteAll, type DeleteAllOptions } from "./useDeleteAll";
export { useDeleteOne, type DeleteOne, type DeleteOneOptions } from "./useDeleteOne";
export { useConfirmedRowAction, type ConfirmedRowAction, type ConfirmedRowActionOptions } from "./useConfirmedRowAction";
export { exportStep, type ExportAnswer, type FetchExportPage } from "./exportPages";
export { CollectionTable, type CollectionTableProps } from "./CollectionTable";
export { CollectionToolbar } from "./CollectionToolbar";
export { DeleteAllDialog } from "./DeleteAllDialog";
export { YesNoFilter, YES_NO_ANY } from "./YesNoFilter";
export { DateRangeFilter } from "./DateRangeFilter";
export { FilterCountCard } from "./FilterCountCard";
