import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * false while the page is the server's HTML (prerendering, and hydrating it), true once the app runs
 * it. A prerendered form stays disabled until then: typing into it would be lost at hydration, and
 * submitting it would send the fields in the URL of a native GET.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
