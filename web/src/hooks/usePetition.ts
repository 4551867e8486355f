import useSWR from "swr";
import { api, fetcher, type ApiError, type Petition } from "../lib/api";
import { LIVE_REFRESH_MS } from "../site";

/** One petition, kept live: polled every 5 s and revalidated on focus. Null key until an id exists. */
export function usePetition(id: string | undefined) {
  return useSWR<Petition, ApiError>(id ? api.petition(id) : null, fetcher, {
    refreshInterval: LIVE_REFRESH_MS,
    revalidateOnFocus: true,
    shouldRetryOnError: (error) => (error as ApiError).status !== 404,
  });
}
