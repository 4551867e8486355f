import { useEffect, useRef, useState } from "react";
import { adminRequest } from "../adminApi";

export interface RecordDetailsSource<Row, View> {
  /** the record's admin route */
  path: (row: Row) => string;
  /** what the list already knows, shown at once */
  initial: (row: Row) => View;
  /** the view once the full record has arrived */
  full: (row: Row, fetched: unknown) => View;
  fallbackMessage: string;
}

/**
 * A details dialog's data: the list row's view at once, then the full record from the API, with a
 * loading flag and the API's message on failure. A row opened meanwhile wins over a late answer.
 */
export function useRecordDetails<Row, View>(row: Row | null, source: RecordDetailsSource<Row, View>) {
  const [details, setDetails] = useState<View | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const current = useRef(source);
  current.current = source;

  useEffect(() => {
    if (!row) return;
    const s = current.current;
    let live = true;
    setDetails(s.initial(row));
    setError(null);
    setLoading(true);
    adminRequest<unknown>(s.path(row), { fallbackMessage: s.fallbackMessage })
      .then((fetched) => live && setDetails(s.full(row, fetched)))
      .catch((cause: Error) => live && setError(cause.message || s.fallbackMessage))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [row]);

  return { details, loading, error };
}
