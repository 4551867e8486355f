import { guidePage } from "./GuidePage";

/**
 * A route of its own, so the page loads only its own guide (web/src/pageSources.ts), and that when
 * the visitor first interacts with the page (GuidePage.tsx).
 */
export const SpottingExitScamsPage = guidePage("spotting-exit-scams", () => import("@site/core/guides/spotting-exit-scams").then((m) => m.SPOTTING_EXIT_SCAMS));
