import { CHECKLIST } from "@site/core/guides/checklist";
import { GuidePage } from "./GuidePage";

/** A route of its own, so the page loads only its own guide (web/src/pageModules.ts). */
export const ChecklistPage = () => <GuidePage guide={CHECKLIST} />;
