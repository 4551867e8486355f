import { guidePage } from "./GuidePage";

/**
 * A route of its own, so the page loads only its own guide (web/src/pageSources.ts), and that when
 * the visitor first interacts with the page (GuidePage.tsx).
 */
export const WhereScamsThrivePage = guidePage("where-scams-thrive", () => import("@site/core/guides/where-scams-thrive").then((m) => m.WHERE_SCAMS_THRIVE));
