import { adminRequest } from "../adminApi";
import type { BoundRoute } from "../api/paths";
import type { PagedList } from "../api/usePagedList";
import { useConfirmedRowAction, type ConfirmedRowAction } from "./useConfirmedRowAction";

/** A path to DELETE, or a route called with its own method and a body naming the row. */
export type DeleteTarget = string | (BoundRoute & { body: unknown });

/** `confirm` DELETEs the target (or calls its route), takes it off the page (and the total), closes the dialog; never rejects. */
export type DeleteOne<Row> = ConfirmedRowAction<Row>;

export interface DeleteOneOptions<Row> {
  fallbackMessage: string;
  onDone?: (row: Row) => void;
  /** the API's message, or the fallback */
  onFailed: (message: string) => void;
  keepOpenOnFailure?: boolean;
}

/**
 * Deleting one row of an admin collection after a confirmation dialog. The target may be the row
 * itself or what a details view knows of it (`Row`, the list's being `ListRow`), as long as it has the row's id.
 */
export function useDeleteOne<Row extends { id: string }, ListRow extends { id: string } = Row>(
  list: Pick<PagedList<ListRow>, "update">,
  pathOf: (row: Row) => DeleteTarget,
  options: DeleteOneOptions<Row>,
): DeleteOne<Row> {
  return useConfirmedRowAction(
    async (row: Row) => {
      const target = pathOf(row);
      if (typeof target === "string") await adminRequest(target, { method: "DELETE", fallbackMessage: options.fallbackMessage });
      else await adminRequest(target.path, { method: target.method, body: target.body, fallbackMessage: options.fallbackMessage });
      list.update((current) => ({ ...current, items: current.items.filter((r) => r.id !== row.id), total: Math.max(0, current.total - 1) }));
    },
    {
      fallbackMessage: options.fallbackMessage,
      onDone: options.onDone && ((row) => options.onDone!(row)),
      onFailed: options.onFailed,
      keepOpenOnFailure: options.keepOpenOnFailure,
    },
  );
}
