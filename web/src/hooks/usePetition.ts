import useSWR from "swr";
import { api, fetcher, type ApiError, type Petition } from "../lib/api";
import { embeddedPetition } from "../lib/embeddedPetition";
import { LIVE_REFRESH_MS } from "../site";

/**
 * One petition, kept live: polled every 5 s and revalidated on focus. Null key until an id exists.
 * Starts from the copy the page was served with, if any.
 */
export function usePetition(id: string | undefined) {
  const served = embeddedPetition(id);
  return useSWR<Petition, ApiError>(id ? api.petition(id) : null, fetcher, {
    fallbackData: served,
    // The page came with the petition: the first poll refreshes it, instead of a fetch (and a
    // re-render) while the page is still hydrating.
    revalidateOnMount: served === undefined,
    refreshInterval: LIVE_REFRESH_MS,
    revalidateOnFocus: true,
    shouldRetryOnError: (error) => (error as ApiError).status !== 404,
  });
}
