import useSWR from "swr";
import { api, type ApiError, type PublicConfig } from "../lib/api";
import { loadConfig } from "../lib/runtimeConfig";

/** The runtime config as the console reads it (SWR, like the rest of the console's data). */
export function useConfig() {
  return useSWR<PublicConfig, ApiError>(api.config, () => loadConfig(), {
    revalidateOnFocus: false,
    revalidateIfStale: false,
    revalidateOnReconnect: false,
  });
}
