import { useState } from "react";

export interface ConfirmedRowAction<Row> {
  /** the row whose confirmation dialog is open */
  target: Row | null;
  ask: (row: Row) => void;
  cancel: () => void;
  busy: boolean;
  /** runs the action on the target, then closes the dialog; never rejects. */
  confirm: () => Promise<void>;
}

export interface ConfirmedRowActionOptions<Row, Answer> {
  fallbackMessage: string;
  onDone?: (row: Row, answer: Answer) => void;
  /** the API's message, or the fallback */
  onFailed: (message: string) => void;
  /** a failure leaves the dialog open (to show the error in it) */
  keepOpenOnFailure?: boolean;
}

/**
 * An action on one row of an admin list, run after a confirmation dialog (delete, unsubscribe):
 * `ask` opens the dialog for a row, `confirm` runs `act` on it and reports the outcome.
 */
export function useConfirmedRowAction<Row, Answer>(
  act: (row: Row) => Promise<Answer>,
  options: ConfirmedRowActionOptions<Row, Answer>,
): ConfirmedRowAction<Row> {
  const [target, setTarget] = useState<Row | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (!target) return;
    const row = target;
    setBusy(true);
    let failed = false;
    try {
      const answer = await act(row);
      options.onDone?.(row, answer);
    } catch (cause) {
      failed = true;
      options.onFailed((cause as Error | undefined)?.message || options.fallbackMessage);
    } finally {
      setBusy(false);
      if (!(failed && options.keepOpenOnFailure)) setTarget(null);
    }
  };

  return { target, ask: setTarget, cancel: () => setTarget(null), busy, confirm };
}
