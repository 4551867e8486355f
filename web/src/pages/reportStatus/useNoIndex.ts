import { useEffect } from "react";

/**
 * Marks the document `noindex` while the page is shown: a page the app renders from the SPA shell (a
 * link with a token in its path) has no prerendered head of its own to carry it.
 */
export function useNoIndex(): void {
  useEffect(() => {
    const meta = document.createElement("meta");
    meta.name = "robots";
    meta.content = "noindex";
    document.head.appendChild(meta);
    return () => meta.remove();
  }, []);
}
