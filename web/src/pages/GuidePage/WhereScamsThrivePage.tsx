import { WHERE_SCAMS_THRIVE } from "@site/core/guides/where-scams-thrive";
import { GuidePage } from "./GuidePage";

/** A route of its own, so the page loads only its own guide (web/src/pageModules.ts). */
export const WhereScamsThrivePage = () => <GuidePage guide={WHERE_SCAMS_THRIVE} />;
