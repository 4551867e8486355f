import { guidePage } from "./GuidePage";

/**
 * A route of its own, so the page loads only its own guide (web/src/pageSources.ts), and that when
 * the visitor first interacts with the page (GuidePage.tsx).
 */
export const ChecklistPage = guidePage("checklist", () => import("@site/core/guides/checklist").then((m) => m.CHECKLIST));
