import useSWR, { type SWRConfiguration } from "swr";
import type { ApiError } from "../../lib/api";
import { adminRequest } from "../adminApi";

/**
 * An admin GET cached by SWR under its URL (null: nothing to load yet), through the one fetcher;
 * the resource hooks of this folder are made of it.
 */
export function useAdminData<T>(url: string | null, fallbackMessage: string, config: SWRConfiguration<T, ApiError> = {}) {
  return useSWR<T, ApiError, string | null>(url, (key) => adminRequest<T>(key, { fallbackMessage }), { revalidateOnFocus: false, ...config });
}
