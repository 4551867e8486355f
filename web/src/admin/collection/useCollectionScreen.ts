import { useCallback, useState } from "react";
import type { ApiError } from "../../lib/api";
import { useCollection, type CollectionOptions, type CollectionState, type FilterValue } from "./useCollection";
import type { ExportName, RegisteredExportName } from "@site/core/exports/names";
import type { Query } from "../lib/query";
import { useCollectionExport, type CollectionExport } from "./useCollectionExport";
import { useDeleteAll, type DeleteAll } from "./useDeleteAll";
import { useDeleteOne, type DeleteOne, type DeleteTarget } from "./useDeleteOne";

/** An admin collection's routes (web/src/admin/api): its list, and what the screen offers on it. */
export interface CollectionResource<Target> {
  /** null: nothing to load yet */
  list: string | null;
  /** "export all matching" as a job: the export's kind, and query fields the list takes from its path (a lead list's form) */
  export?: { kind: ExportName | RegisteredExportName; scope?: Query };
  /** the chunked Delete All route */
  deleteAll?: string;
  /**
   * the route deleting one row, or what a details dialog knows of it: a path to DELETE, or a route
   * with a body (a row named by something that must stay out of paths, such as an e-mail address)
   */
  item?: (target: Target) => DeleteTarget;
}

export interface CollectionScreenMessages {
  loadFailed: string;
  refreshFailed: string;
  deleteFailed?: string;
  deleteAllFailed?: string;
  exportFailed?: string;
}

export interface CollectionScreenOptions<F extends Record<string, FilterValue>, Target> extends Omit<CollectionOptions<F>, "path" | "fallbackMessage"> {
  resource: CollectionResource<Target>;
  messages: CollectionScreenMessages;
  /** failures say the screen's own words, never the API's */
  ownMessages?: boolean;
  /** what Delete All sends besides the typed word, e.g. `{ petitionId }` */
  deleteAllScope?: Record<string, string | undefined>;
  onDeleted?: (target: Target) => void;
  onDeletedAll?: () => void;
  /** reloaded together with the list (count cards) */
  refreshAlso?: () => Promise<unknown>;
  /** where a failed refresh is told; the screen's error by default */
  onRefreshFailed?: (message: string) => void;
  /** a failed deletion is told in its dialog, which stays open */
  deleteErrorInDialog?: boolean;
}

export interface CollectionScreenState<Row, F extends Record<string, FilterValue>, Target> extends CollectionState<Row, F> {
  /** the error above the table (a failed refresh, export or deletion), or null */
  error: string | null;
  fail: (message: string) => void;
  clearError: () => void;
  /** the list's load error as the screen words it, or null */
  loadError: string | null;
  refresh: () => Promise<void>;
  deleteOne: DeleteOne<Target> & { error: string | null };
  deleteAll: DeleteAll;
  /** "export all matching" of what is shown, as a job whose file downloads when it is done */
  exporter: CollectionExport;
  /** runs `task` after clearing the error (an export's button) */
  run: <R>(task: () => Promise<R>) => Promise<R>;
  messages: CollectionScreenMessages;
  ownMessages: boolean;
}

/**
 * Everything an admin list screen does besides drawing itself: its collection state, refresh, the
 * error above the table, Delete (one row), Delete All and Export of what is shown.
 */
export function useCollectionScreen<
  Row extends { id: string },
  F extends Record<string, FilterValue> = Record<string, never>,
  Target extends { id: string } = Row,
>(options: CollectionScreenOptions<F, Target>): CollectionScreenState<Row, F, Target> {
  const { resource, messages, ownMessages = false } = options;
  const collection = useCollection<Row, F>({ ...options, path: resource.list, fallbackMessage: messages.loadFailed });
  const [error, setError] = useState<string | null>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const clearError = useCallback(() => setError(null), []);
  const wordsOf = (own: string | undefined) => (message: string) => (ownMessages && own ? own : message);

  const deleteFailed = options.deleteErrorInDialog ? setDialogError : setError;
  const deleteOne = useDeleteOne<Target, Row>(collection.list, resource.item ?? (() => ""), {
    fallbackMessage: messages.deleteFailed ?? messages.loadFailed,
    onDone: options.onDeleted,
    onFailed: (message) => deleteFailed(wordsOf(messages.deleteFailed)(message)),
    keepOpenOnFailure: options.deleteErrorInDialog,
  });
  const deleteAll = useDeleteAll(resource.deleteAll, options.deleteAllScope ?? {}, {
    collection,
    fallbackMessage: messages.deleteAllFailed ?? messages.loadFailed,
    onDone: options.onDeletedAll,
    onFailed: (message) => setError(wordsOf(messages.deleteAllFailed)(message)),
  });
  const exporter = useCollectionExport(
    resource.export?.kind,
    { ...collection.query, ...resource.export?.scope },
    {
      fallbackMessage: messages.exportFailed ?? messages.loadFailed,
    },
  );

  const refresh = async () => {
    setError(null);
    const [listed] = await Promise.all([collection.list.refresh(), options.refreshAlso?.()]);
    if (!listed) (options.onRefreshFailed ?? setError)(messages.refreshFailed);
  };

  const run = async <R>(task: () => Promise<R>) => {
    setError(null);
    return task();
  };

  const listError: ApiError | undefined = collection.list.error;
  return {
    ...collection,
    error,
    fail: setError,
    clearError,
    loadError: listError ? listError.message || messages.loadFailed : null,
    refresh,
    deleteOne: {
      ...deleteOne,
      error: dialogError,
      ask: (target) => {
        setDialogError(null);
        deleteOne.ask(target);
      },
      confirm: () => {
        setDialogError(null);
        return deleteOne.confirm();
      },
    },
    deleteAll,
    exporter,
    run,
    messages,
    ownMessages,
  };
}
