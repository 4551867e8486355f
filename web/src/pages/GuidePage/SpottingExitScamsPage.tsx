import { SPOTTING_EXIT_SCAMS } from "@site/core/guides/spotting-exit-scams";
import { GuidePage } from "./GuidePage";

/** A route of its own, so the page loads only its own guide (web/src/pageModules.ts). */
export const SpottingExitScamsPage = () => <GuidePage guide={SPOTTING_EXIT_SCAMS} />;
