import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { MISSING_TOKEN, UNREACHABLE } from "../../content/newsletter";
import { ApiError } from "../../lib/api";
import { sendOnce } from "../../lib/sendOnce";

export type TokenPost<T> = { state: "working" } | { state: "done"; status: T } | { state: "failed"; message: string };

export const messageOf = (err: unknown) => (err instanceof ApiError && err.status < 500 ? err.message : UNREACHABLE);

/**
 * Posts the `token` of the page's address to `url` once, when the page runs in the browser (the
 * prerendered page shows "working"): a link in an e-mail that acts when opened. A 5xx or a lost
 * connection is retried with the same idempotency key (lib/sendOnce.ts): the link, used up by an
 * attempt whose answer was lost, is answered again rather than "already used".
 */
export function useTokenPost<T>(url: string): { result: TokenPost<T>; token: string | null } {
  const [params] = useSearchParams();
  const token = params.get("token");
  const [result, setResult] = useState<TokenPost<T>>({ state: "working" });
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    if (!token) {
      setResult({ state: "failed", message: MISSING_TOKEN });
      return;
    }
    sendOnce<{ status: T }>(url, async () => ({ token }), UNREACHABLE).then(
      (res) => setResult({ state: "done", status: res.status }),
      (err: unknown) => setResult({ state: "failed", message: messageOf(err) }),
    );
  }, [token, url]);

  return { result, token };
}
