import { useState } from "react";
import { adminRequest } from "../adminApi";
import type { PagedList } from "../hooks/usePagedList";

export interface DeleteOne<Row> {
  /** the row whose confirmation dialog is open */
  target: Row | null;
  ask: (row: Row) => void;
  cancel: () => void;
  busy: boolean;
  /** DELETEs the target, takes it off the page (and the total), closes the dialog; never rejects. */
  confirm: () => Promise<void>;
}

export interface DeleteOneOptions<Row> {
  fallbackMessage: string;
  onDone?: (row: Row) => void;
  /** the API's message, or the fallback */
  onFailed: (message: string) => void;
}

/**
 * Deleting one row of an admin collection after a confirmation dialog. The target may be the row
 * itself or what a details view knows of it (`Row`, the list's being `ListRow`), as long as it has the row's id.
 */
export function useDeleteOne<Row extends { id: string }, ListRow extends { id: string } = Row>(
  list: Pick<PagedList<ListRow>, "update">,
  pathOf: (row: Row) => string,
  options: DeleteOneOptions<Row>,
): DeleteOne<Row> {
  const [target, setTarget] = useState<Row | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (!target) return;
    const row = target;
    setBusy(true);
    try {
      await adminRequest(pathOf(row), { method: "DELETE", fallbackMessage: options.fallbackMessage });
      list.update((current) => ({ ...current, items: current.items.filter((r) => r.id !== row.id), total: Math.max(0, current.total - 1) }));
      options.onDone?.(row);
    } catch (cause) {
      options.onFailed((cause as Error | undefined)?.message || options.fallbackMessage);
    } finally {
      setBusy(false);
      setTarget(null);
    }
  };

  return { target, ask: setTarget, cancel: () => setTarget(null), busy, confirm };
}
