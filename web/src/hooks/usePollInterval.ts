import { useRef } from "react";
import { PETITION_POLL, nextPollInterval } from "@site/core/petition/edge-cache";

/**
 * The polling interval of a live count (lib/liveResource.ts): every 10 s while the count moves, backing off to once a
 * minute while it does not (PETITION_POLL). Polling stops while the tab is hidden.
 */
export function usePollInterval<T>(countOf: (data: T) => number): (latest: T | undefined) => number {
  const state = useRef<{ count?: number; ms: number }>({ ms: PETITION_POLL.initialMs });
  return (latest) => {
    if (latest == null) return PETITION_POLL.initialMs;
    const count = countOf(latest);
    const changed = state.current.count !== undefined && count !== state.current.count;
    state.current = { count, ms: state.current.count === undefined ? PETITION_POLL.initialMs : nextPollInterval(state.current.ms, changed) };
    return state.current.ms;
  };
}
