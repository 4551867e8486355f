import { unsubscribe } from "../../api/subscribers";
import { useConfirmedRowAction, type ConfirmedRowAction } from "../../collection/useConfirmedRowAction";
import type { PagedList } from "../../api/usePagedList";
import { MESSAGES, type SubscriberRow } from "./subscribers";

/** `confirm` POSTs the unsubscribe, marks the row unsubscribed on the page, closes the dialog; never rejects. */
export type UnsubscribeOne = ConfirmedRowAction<SubscriberRow>;

/** "Unsubscribe" of one subscriber after a confirmation dialog (the list then revalidates). */
export function useUnsubscribeOne(
  list: Pick<PagedList<SubscriberRow>, "update">,
  options: { onDone: (row: SubscriberRow, message: string) => void; onFailed: (message: string) => void },
): UnsubscribeOne {
  return useConfirmedRowAction(
    async (row: SubscriberRow) => {
      const answer = await unsubscribe(row.id);
      const changed: SubscriberRow = { ...row, status: "unsubscribed", unsubscribedAt: row.unsubscribedAt || new Date().toISOString(), expiresAt: 0 };
      list.update((current) => ({ ...current, items: current.items.map((r) => (r.id === row.id ? changed : r)) }));
      return { changed, message: answer.result === "unsubscribed" ? MESSAGES.unsubscribed : MESSAGES.alreadyUnsubscribed };
    },
    { fallbackMessage: MESSAGES.unsubscribeFailed, onDone: (_row, { changed, message }) => options.onDone(changed, message), onFailed: options.onFailed },
  );
}
