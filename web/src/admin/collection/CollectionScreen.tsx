import { Stack } from "@mantine/core";
import type { ReactNode } from "react";
import { ConfirmDialog } from "../components/ConfirmDialog";
import { OperationProgressBar } from "../components/OperationProgressBar";
import { CollectionErrorAlert } from "./CollectionErrorAlert";
import { CollectionTable, type CollectionTableProps } from "./CollectionTable";
import { CollectionToolbar, CollectionToolbarCard } from "./CollectionToolbar";
import { DeleteAllDialog } from "./DeleteAllDialog";
import type { CollectionExport } from "./useCollectionExport";
import type { FilterValue } from "./useCollection";
import type { CollectionScreenState } from "./useCollectionScreen";
import type { SortOption } from "../lib/sorting";

/** An export the screen follows: its progress bar while it runs, its failure in the error above the table. */
export interface ScreenExport {
  operation: Pick<CollectionExport, "running" | "progress" | "percent" | "error" | "reset">;
  /** "Exporting signatures" */
  label: string;
  /** what the progress counts ("reports"); rows by default */
  unit?: string;
}

export interface CollectionScreenProps<Row, F extends Record<string, FilterValue>, Target> {
  screen: CollectionScreenState<Row, F, Target>;
  /** the page header, above everything */
  header?: ReactNode;
  /** between the header and the toolbar: the totals or count cards */
  summary?: ReactNode;
  sorts: SortOption[];
  search: { label: string; placeholder?: string };
  /** the toolbar has the Refresh button (else the page header has one) */
  toolbarRefresh?: boolean;
  /** the toolbar is drawn in its own card (not when the screen sits in one already) */
  toolbarCard?: boolean;
  /** the collection's filter controls, in the toolbar */
  filters?: ReactNode;
  /** between the toolbar and the table: notices, a sync's progress */
  notices?: ReactNode;
  exports?: ScreenExport[];
  /** replaces the dismissible error above the table */
  errorAlert?: ReactNode;
  table: Omit<CollectionTableProps<Row>, "collection">;
  /** under the table */
  footer?: ReactNode;
  /** the Delete confirmation of one row */
  deleteOne?: { title: string; message: string };
  /** the typed-CONFIRM dialog of Delete All */
  deleteAll?: { title: string; message: string; progressLabel: string };
  /** other dialogs (details) */
  dialogs?: ReactNode;
  /** wraps everything between the header and the dialogs (a tab) */
  frame?: (content: ReactNode) => ReactNode;
  gap?: "md" | "lg";
}

/**
 * An admin list screen: header, summary, toolbar, notices and progress, the error, the table and its
 * pager, the delete dialogs. The page declares its columns, filters, sorts and actions; the state
 * comes from useCollectionScreen.
 */
export function CollectionScreen<Row, F extends Record<string, FilterValue>, Target>(props: CollectionScreenProps<Row, F, Target>) {
  const { screen, exports = [] } = props;
  const exportFailed = exports.find((e) => e.operation.error)?.operation.error;
  const exportError = exportFailed && screen.ownMessages ? (screen.messages.exportFailed ?? exportFailed) : exportFailed;
  const Toolbar = props.toolbarCard === false ? CollectionToolbar : CollectionToolbarCard;
  const content = (
    <Stack gap={props.gap ?? "lg"}>
      {props.summary}
      <Toolbar
        collection={screen}
        sorts={props.sorts}
        searchLabel={props.search.label}
        searchPlaceholder={props.search.placeholder}
        onRefresh={props.toolbarRefresh ? () => void screen.refresh() : undefined}
      >
        {props.filters}
      </Toolbar>
      {props.notices}
      {exports.map(
        (e) =>
          e.operation.running && (
            <OperationProgressBar key={e.label} label={e.label} progress={e.operation.progress} percent={e.operation.percent} unit={e.unit} />
          ),
      )}
      {props.errorAlert !== undefined ? (
        props.errorAlert
      ) : (
        <CollectionErrorAlert
          message={screen.error || exportError || screen.loadError}
          onClose={() => {
            screen.clearError();
            for (const e of exports) e.operation.reset();
          }}
        />
      )}
      <CollectionTable collection={screen} {...props.table} />
      {props.footer}
    </Stack>
  );
  return (
    <Stack gap={props.gap ?? "lg"}>
      {props.header}
      {props.frame ? props.frame(content) : content}
      {props.dialogs}
      {props.deleteOne && (
        <ConfirmDialog
          opened={!!screen.deleteOne.target}
          title={props.deleteOne.title}
          message={props.deleteOne.message}
          busy={screen.deleteOne.busy}
          error={screen.deleteOne.error}
          onConfirm={() => void screen.deleteOne.confirm()}
          onClose={screen.deleteOne.cancel}
        />
      )}
      {props.deleteAll && <DeleteAllDialog {...props.deleteAll} operation={screen.deleteAll} />}
    </Stack>
  );
}
