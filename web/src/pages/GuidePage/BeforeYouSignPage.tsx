import { BEFORE_YOU_SIGN } from "@site/core/guides/before-you-sign";
import { GuidePage } from "./GuidePage";

/** A route of its own, so the page loads only its own guide (web/src/pageModules.ts). */
export const BeforeYouSignPage = () => <GuidePage guide={BEFORE_YOU_SIGN} />;
