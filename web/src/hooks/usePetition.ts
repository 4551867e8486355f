import { useMemo } from "react";
import { api, fetcher, type ApiError, type Petition } from "../lib/api";
import { atLeastFloor } from "../lib/countFloor";
import { embeddedPetition } from "../lib/embeddedPetition";
import { useLive } from "../lib/liveResource";
import { usePollInterval } from "./usePollInterval";

/**
 * One petition, kept live: polled with back-off (usePollInterval), not while the tab is hidden,
 * refreshed when it comes back. Null key until an id exists. Starts from the copy the page was served
 * with, if any. Its count is never below the one this tab's signer was answered (lib/countFloor.ts).
 */
export function usePetition(id: string | undefined) {
  const served = embeddedPetition(id);
  const refreshInterval = usePollInterval<Petition>((p) => p.signatureCount);
  const result = useLive<Petition>(id ? api.petition(id) : null, fetcher, {
    fallbackData: served,
    // The page came with the petition: the first poll refreshes it, instead of a fetch (and a
    // re-render) while the page is still hydrating.
    revalidateOnMount: served === undefined,
    refreshInterval,
    shouldRetryOnError: (error) => (error as ApiError).status !== 404,
  });
  const fetched = result.data;
  const shown = fetched && atLeastFloor(id, fetched.signatureCount);
  // the same object while nothing changed: pages use the petition in effects' dependencies
  const data = useMemo(() => (fetched && shown !== fetched.signatureCount ? { ...fetched, signatureCount: shown! } : fetched), [fetched, shown]);
  return { data, error: result.error as ApiError | undefined, isLoading: result.isLoading };
}
