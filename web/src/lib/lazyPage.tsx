import { lazy, type ComponentType } from "react";

/** A page loaded on demand: its own chunk, fetched the first time it is shown (or preloaded). */
export interface LazyPage {
  (): React.JSX.Element;
  /** Loads the page's chunk; after it resolves the page renders synchronously (hydration needs that). */
  preload(): Promise<void>;
}

/**
 * Splits a page into its own chunk. A page that has been preloaded renders at once; otherwise it
 * suspends until its chunk arrives. The browser preloads the current route's page before hydrating
 * the prerendered HTML (main.tsx), and the prerenderer all of them, so neither ever suspends.
 */
export function lazyPage(load: () => Promise<ComponentType>): LazyPage {
  let Loaded: ComponentType | undefined;
  let pending: Promise<void> | undefined;
  const preload = () =>
    (pending ??= load().then((component) => {
      Loaded = component;
    }));
  const Deferred = lazy(() => preload().then(() => ({ default: Loaded! })));
  const Page = () => (Loaded ? <Loaded /> : <Deferred />);
  Page.preload = preload;
  return Page;
}
