import useSWR from "swr";
import { api, request, type ApiError, type PublicConfig } from "../lib/api";

let pending: Promise<PublicConfig> | null = null;

/** The runtime config, fetched once per page load (it changes only on deploy). */
export function loadConfig(): Promise<PublicConfig> {
  pending ??= request<PublicConfig>(api.config).catch((error) => {
    pending = null;
    throw error;
  });
  return pending;
}

export function useConfig() {
  return useSWR<PublicConfig, ApiError>(api.config, () => loadConfig(), {
    revalidateOnFocus: false,
    revalidateIfStale: false,
    revalidateOnReconnect: false,
  });
}
