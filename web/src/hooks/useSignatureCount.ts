import useSWR from "swr";
import { api, fetcher, type ApiError, type SignatureCount } from "../lib/api";
import { LIVE_REFRESH_MS } from "../site";

/** The default petition's live signature count. Failures are only logged (spec §8). */
export function useSignatureCount() {
  return useSWR<SignatureCount, ApiError>(api.signatureCount, fetcher, {
    refreshInterval: LIVE_REFRESH_MS,
    revalidateOnFocus: true,
    onError: (error) => console.error("Error fetching signature count:", error),
  });
}
