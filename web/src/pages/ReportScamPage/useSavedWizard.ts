import type { WizardStep } from "@site/core/report/catalogue";
import type { ReportDraft } from "@site/core/report/draft";
import { useEffect, useState, type Dispatch, type SetStateAction } from "react";
import { companyFromLink, withLinkedCompany } from "./linkedCompany";
import { laterSteps, rules, type Rules } from "./wizardParts";
import { readSaved } from "./wizardStorage";

/**
 * A saved draft (a reload) is read back with the rules, then shown on its step; until then
 * (`restored` false) the form stays disabled, so nothing typed is overwritten by it. A company the
 * link names (/report-scam?company=…, a scam alert's "Report this company") fills an empty step 3's.
 */
export function useSavedWizard(setDraft: Dispatch<SetStateAction<ReportDraft>>, setStep: (step: WizardStep) => void): boolean {
  const [restored, setRestored] = useState(false);
  useEffect(() => {
    const linked = companyFromLink(window.location.search);
    if (!readSaved()) {
      if (linked) setDraft((current) => withLinkedCompany(current, linked));
      setRestored(true);
      return;
    }
    let current = true;
    const restore = ({ loadWizard }: Rules) => {
      if (!current) return;
      const saved = loadWizard();
      if (saved) {
        setDraft(withLinkedCompany(saved.draft, linked));
        setStep(saved.step);
      }
      setRestored(true);
    };
    if (rules.loaded && laterSteps.loaded) restore(rules.loaded);
    else
      Promise.all([rules.load(), laterSteps.load()]).then(
        ([loaded]) => restore(loaded),
        (cause) => {
          console.error("The report's saved draft could not be restored:", cause);
          if (current) setRestored(true);
        },
      );
    return () => {
      current = false;
    };
  }, [setDraft, setStep]);
  return restored;
}
