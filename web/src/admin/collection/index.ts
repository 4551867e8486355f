/**
 * The admin console's side of the generic admin collections (packages/core/src/collection): a list
 * screen is its columns, its filter controls and its resource's routes, declared to CollectionScreen
 * over the state of useCollectionScreen. useCollection holds search, sort,
 * filters and paging; useCollectionExport and useDeleteAll drive the chunked export and delete-all
 * routes with progress, useDeleteOne the confirmed deletion of a row; CollectionTable and DeleteAllDialog render them.
 * The screens' shared layout pieces: RefreshDataButton (page header), TotalCountCard, CollectionToolbarCard
 * (the toolbar in its card) and CollectionErrorAlert (the dismissible error above the table).
 */
export { CollectionScreen, type CollectionScreenProps, type ScreenExport } from "./CollectionScreen";
export {
  useCollectionScreen,
  type CollectionResource,
  type CollectionScreenMessages,
  type CollectionScreenOptions,
  type CollectionScreenState,
} from "./useCollectionScreen";
export { useCollection, SEARCH_DEBOUNCE_MS, type CollectionOptions, type CollectionState, type FilterValue } from "./useCollection";
export { useCollectionExport, type CollectionExport } from "./useCollectionExport";
export { useDeleteAll, type DeleteAll, type DeleteAllOptions } from "./useDeleteAll";
export { useDeleteOne, type DeleteOne, type DeleteOneOptions } from "./useDeleteOne";
export { useConfirmedRowAction, type ConfirmedRowAction, type ConfirmedRowActionOptions } from "./useConfirmedRowAction";
export { CollectionTable, type CollectionTableProps } from "./CollectionTable";
export { CollectionToolbar, CollectionToolbarCard, type CollectionToolbarProps } from "./CollectionToolbar";
export { DeleteAllDialog } from "./DeleteAllDialog";
export { YesNoFilter, YES_NO_ANY } from "./YesNoFilter";
export { DateRangeFilter } from "./DateRangeFilter";
export { FilterSelect } from "./FilterSelect";
export { FilterCountCard } from "./FilterCountCard";
export { TotalCountCard } from "./TotalCountCard";
export { CollectionErrorAlert } from "./CollectionErrorAlert";
export { RefreshDataButton } from "./RefreshDataButton";
