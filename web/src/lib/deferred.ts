import { useSyncExternalStore } from "react";

/**
 * Code a page needs only once the visitor acts (a form's rules, a wizard's later steps, an error
 * banner): a chunk of its own, fetched on first use instead of with the page, so the page's first
 * load stays within its budget (scripts/bench/js-budget.ts). The page calls `load()` when the
 * visitor starts (focus), and renders with `useDeferred`, which gives the module once it is here.
 */
export interface Deferred<T> {
  /** Starts loading (once; again after a failure) and resolves with the module. */
  load(): Promise<T>;
  /** The module, once it has arrived. */
  readonly loaded: T | undefined;
  subscribe(onLoad: () => void): () => void;
}

const every: Deferred<unknown>[] = [];

/** `importer` is a dynamic `import()` of a module that holds only what is deferred. */
export function deferred<T>(importer: () => Promise<T>): Deferred<T> {
  let pending: Promise<T> | undefined;
  let loaded: T | undefined;
  const listeners = new Set<() => void>();
  const module: Deferred<T> = {
    load: () =>
      (pending ??= importer().then(
        (value) => {
          loaded = value;
          for (const listener of listeners) listener();
          return value;
        },
        (error: unknown) => {
          pending = undefined; // the next use tries again
          throw error;
        },
      )),
    get loaded() {
      return loaded;
    },
    subscribe(onLoad) {
      listeners.add(onLoad);
      return () => listeners.delete(onLoad);
    },
  };
  every.push(module);
  return module;
}

/**
 * The module of `deferred` once it has arrived, else undefined (the component re-renders when it
 * arrives). Always undefined while the prerendered HTML is hydrated, as it was when that HTML was
 * rendered: hydration never depends on what has loaded since.
 */
export function useDeferred<T>(module: Deferred<T>): T | undefined {
  return useSyncExternalStore(
    module.subscribe,
    () => module.loaded,
    () => undefined,
  );
}

/** Loads every deferred module defined so far (component tests: pages render as once the visitor has started). */
export const loadAllDeferred = (): Promise<unknown[]> => Promise.all(every.map((module) => module.load()));
