import { api, fetcher, type ApiError, type SignatureCount } from "../lib/api";
import { useLive } from "../lib/liveResource";
import { usePollInterval } from "./usePollInterval";

/** The default petition's live signature count, polled with back-off. Failures are only logged (spec §8). */
export function useSignatureCount() {
  const refreshInterval = usePollInterval<SignatureCount>((c) => c.count);
  const result = useLive<SignatureCount>(api.signatureCount, fetcher, {
    refreshInterval,
    onError: (error) => console.error("Error fetching signature count:", error),
  });
  return { ...result, error: result.error as ApiError | undefined };
}
