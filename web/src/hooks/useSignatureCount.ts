import useSWR from "swr";
import { api, fetcher, type ApiError, type SignatureCount } from "../lib/api";
import { usePollInterval } from "./usePollInterval";

/** The default petition's live signature count, polled with back-off. Failures are only logged (spec §8). */
export function useSignatureCount() {
  const refreshInterval = usePollInterval<SignatureCount>((c) => c.count);
  return useSWR<SignatureCount, ApiError>(api.signatureCount, fetcher, {
    refreshInterval,
    refreshWhenHidden: false,
    revalidateOnFocus: true,
    onError: (error) => console.error("Error fetching signature count:", error),
  });
}
