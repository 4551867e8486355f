import { useCallback, useEffect, useRef, useState } from "react";

export const SUCCESS_NOTICE_MS = 3000;
export const FAILURE_NOTICE_MS = 5000;

export interface Notice {
  kind: "success" | "error";
  message: string;
}

/**
 * A notice that hides itself: successes after 3 s, failures after 5 s (spec §4, §9), or both after
 * `ms` where a screen's spec says otherwise (the lead lists' toasts last 6 s).
 */
export function useNotice(ms?: number): { notice: Notice | null; success: (message: string) => void; failure: (message: string) => void; clear: () => void } {
  const [notice, setNotice] = useState<Notice | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = useCallback((next: Notice, ms: number) => {
    clearTimeout(timer.current);
    setNotice(next);
    timer.current = setTimeout(() => setNotice(null), ms);
  }, []);
  const success = useCallback((message: string) => show({ kind: "success", message }, ms ?? SUCCESS_NOTICE_MS), [show, ms]);
  const failure = useCallback((message: string) => show({ kind: "error", message }, ms ?? FAILURE_NOTICE_MS), [show, ms]);
  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setNotice(null);
  }, []);
  return { notice, success, failure, clear };
}
