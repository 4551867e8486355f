import { useCallback, useEffect, useRef, useSyncExternalStore } from "react";

/**
 * Live values of the public pages (a petition, the signature count): one cached value per key,
 * shared by every component that shows it, polled at the interval the caller derives from the latest
 * value, paused while the tab is hidden and refreshed when it comes back, one request per key at a
 * time. The console uses SWR for this; the public pages need only these few lines, and SWR would cost
 * every visitor 5 KB gzip of the first-load budget (docs/architecture.md, "Public pages' bytes").
 */

export interface LiveState<T> {
  data?: T;
  error?: unknown;
}

interface Entry<T> {
  state: LiveState<T>;
  listeners: Set<() => void>;
  inflight?: Promise<void>;
  /** performance.now() of the last finished request */
  fetchedAt: number;
}

/** Requests closer together than this for one key are answered from the cache (SWR's dedupingInterval). */
export const DEDUPE_MS = 2000;

const entries = new Map<string, Entry<unknown>>();
const EMPTY: LiveState<never> = {};

function entry<T>(key: string): Entry<T> {
  let e = entries.get(key) as Entry<T> | undefined;
  if (!e) {
    e = { state: EMPTY, listeners: new Set(), fetchedAt: -Infinity };
    entries.set(key, e as Entry<unknown>);
  }
  return e;
}

function publish<T>(key: string, state: LiveState<T>) {
  const e = entry<T>(key);
  e.state = state;
  for (const listener of e.listeners) listener();
}

/** Sets the cached value of `key` (nothing fetched): a page that knows better than its last poll. */
export function setLive<T>(key: string, update: (current: T | undefined) => T | undefined): void {
  const e = entry<T>(key);
  publish(key, { data: update(e.state.data), error: e.state.error });
}

/** Fetches `key` unless a request for it is in flight or finished within DEDUPE_MS. Never rejects. */
export function refreshLive<T>(key: string, load: (key: string) => Promise<T>): Promise<void> {
  const e = entry<T>(key);
  if (e.inflight) return e.inflight;
  if (performance.now() - e.fetchedAt < DEDUPE_MS) return Promise.resolve();
  e.inflight = load(key).then(
    (data) => publish(key, { data }),
    (error: unknown) => publish(key, { data: e.state.data, error }),
  );
  void e.inflight.finally(() => {
    e.inflight = undefined;
    e.fetchedAt = performance.now();
  });
  return e.inflight;
}

/** Forgets every cached value (tests). */
export function resetLive(): void {
  entries.clear();
}

export interface LiveOptions<T> {
  /** The value the page was served with: shown at once (and on the server), before any request. */
  fallbackData?: T;
  /** Fetch when the component mounts (default: only when there is no fallback). */
  revalidateOnMount?: boolean;
  /** How long to wait before the next poll, given the latest value. */
  refreshInterval: (latest: T | undefined) => number;
  /** Whether to go on polling after this error (default: yes). */
  shouldRetryOnError?: (error: unknown) => boolean;
  onError?: (error: unknown) => void;
}

/** The live value of `key` (null: nothing to show yet), kept fresh as LiveOptions says. */
export function useLive<T>(key: string | null, load: (key: string) => Promise<T>, options: LiveOptions<T>): LiveState<T> & { isLoading: boolean } {
  const opts = useRef(options);
  opts.current = options;
  const loadRef = useRef(load);
  loadRef.current = load;

  const subscribe = useCallback(
    (listener: () => void) => {
      if (!key) return () => {};
      const e = entry<T>(key);
      e.listeners.add(listener);
      return () => e.listeners.delete(listener);
    },
    [key],
  );
  const snapshot = () => (key ? entry<T>(key).state : (EMPTY as LiveState<T>));
  const state = useSyncExternalStore(subscribe, snapshot, snapshot);

  useEffect(() => {
    if (!key) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = async () => {
      await refreshLive(key, loadRef.current);
      const { error } = entry<T>(key).state;
      if (error !== undefined) opts.current.onError?.(error);
      return error === undefined || (opts.current.shouldRetryOnError?.(error) ?? true);
    };
    const schedule = () => {
      clearTimeout(timer);
      if (stopped) return;
      timer = setTimeout(
        () => {
          if (document.visibilityState === "hidden") return; // resumed by `visible` below
          // (refresh answers its own errors: it never rejects)
          void refresh().then((again) => again && schedule());
        },
        opts.current.refreshInterval(entry<T>(key).state.data ?? opts.current.fallbackData),
      );
    };
    const visible = () => {
      if (document.visibilityState !== "visible") return;
      void refresh().then((goOn) => goOn && schedule());
    };

    // the served copy becomes the cached value (what this component shows already: nobody to tell)
    const e = entry<T>(key);
    if (e.state.data === undefined && opts.current.fallbackData !== undefined) e.state = { data: opts.current.fallbackData };
    const fetchNow = opts.current.revalidateOnMount ?? opts.current.fallbackData === undefined;
    if (fetchNow) void refresh().then((goOn) => goOn && schedule());
    else schedule();
    window.addEventListener("focus", visible);
    document.addEventListener("visibilitychange", visible);
    return () => {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener("focus", visible);
      document.removeEventListener("visibilitychange", visible);
    };
  }, [key]);

  const data = state.data ?? options.fallbackData;
  return { data, error: state.error, isLoading: key !== null && data === undefined && state.error === undefined };
}
