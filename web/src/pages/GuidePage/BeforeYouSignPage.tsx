import { guidePage } from "./GuidePage";

/**
 * A route of its own, so the page loads only its own guide (web/src/pageSources.ts), and that when
 * the visitor first interacts with the page (GuidePage.tsx).
 */
export const BeforeYouSignPage = guidePage("before-you-sign", () => import("@site/core/guides/before-you-sign").then((m) => m.BEFORE_YOU_SIGN));
