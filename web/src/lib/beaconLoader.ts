import type { EventName } from "./beacon";

/**
 * The beacon's own chunk, fetched the first time it is needed (after the page's first view is
 * rendered): nothing of it is on the page's critical path, and a page works the same without it
 * (bench:analytics blocks it to measure exactly that). What a call records — the page, the moment —
 * is read when it is made, not when the chunk arrives.
 */
let loading: Promise<typeof import("./beacon")> | undefined;
const beacon = () => (loading ??= import("./beacon"));

const later = (use: (m: typeof import("./beacon")) => void) => {
  beacon().then(use, () => {
    // no analytics this time; the next call tries again
    loading = undefined;
  });
};

export function trackPageView(path: string): void {
  if (typeof window === "undefined") return;
  later((m) => m.trackPageView(path));
}

export function sendEvent(name: EventName): void {
  if (typeof window === "undefined") return;
  const path = location.pathname + location.search;
  later((m) => m.sendEvent(name, path));
}
