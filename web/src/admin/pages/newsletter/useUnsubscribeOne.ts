import { useState } from "react";
import { adminRequest } from "../../adminApi";
import type { PagedList } from "../../hooks/usePagedList";
import { MESSAGES, NEWSLETTER_API, type SubscriberRow } from "./subscribers";

export interface UnsubscribeOne {
  /** the subscriber whose confirmation dialog is open */
  target: SubscriberRow | null;
  ask: (row: SubscriberRow) => void;
  cancel: () => void;
  busy: boolean;
  /** POSTs the unsubscribe, marks the row unsubscribed on the page, closes the dialog; never rejects. */
  confirm: () => Promise<void>;
}

type Answer = { email: string; result: "unsubscribed" | "already_unsubscribed" };

/** "Unsubscribe" of one subscriber after a confirmation dialog (the list then revalidates). */
export function useUnsubscribeOne(
  list: Pick<PagedList<SubscriberRow>, "update">,
  options: { onDone: (row: SubscriberRow, message: string) => void; onFailed: (message: string) => void },
): UnsubscribeOne {
  const [target, setTarget] = useState<SubscriberRow | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (!target) return;
    const row = target;
    setBusy(true);
    try {
      const answer = await adminRequest<Answer>(NEWSLETTER_API.unsubscribe(row.id), { method: "POST", body: {}, fallbackMessage: MESSAGES.unsubscribeFailed });
      const unsubscribedAt = row.unsubscribedAt || new Date().toISOString();
      const changed: SubscriberRow = { ...row, status: "unsubscribed", unsubscribedAt, expiresAt: 0 };
      list.update((current) => ({ ...current, items: current.items.map((r) => (r.id === row.id ? changed : r)) }));
      options.onDone(changed, answer.result === "unsubscribed" ? MESSAGES.unsubscribed : MESSAGES.alreadyUnsubscribed);
    } catch (cause) {
      options.onFailed((cause as Error | undefined)?.message || MESSAGES.unsubscribeFailed);
    } finally {
      setBusy(false);
      setTarget(null);
    }
  };

  return { target, ask: setTarget, cancel: () => setTarget(null), busy, confirm };
}
