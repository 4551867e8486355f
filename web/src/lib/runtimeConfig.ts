import { api, request, type PublicConfig } from "./api";

let pending: Promise<PublicConfig> | null = null;

/** The runtime config, fetched once per page load (it changes only on deploy). */
export function loadConfig(): Promise<PublicConfig> {
  pending ??= request<PublicConfig>(api.config).catch((error) => {
    pending = null;
    throw error;
  });
  return pending;
}
