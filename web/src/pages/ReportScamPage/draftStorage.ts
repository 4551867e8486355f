import { firstIncompleteStep, restoreDraft } from "@site/core/report/draft";
import type { WizardStep } from "@site/core/report/catalogue";
import { readSaved, type SavedWizard } from "./wizardStorage";

/**
 * The wizard's saved draft read back (wizardStorage.ts writes it): through the draft's schema, so
 * whatever cannot be read falls back to its default. Part of the form's rules (rules.ts).
 */

export { clearWizard, saveWizard, type SavedWizard } from "./wizardStorage";

/** The saved draft, and the step to show: the saved one, unless an earlier step is not complete. */
export function loadWizard(now: Date = new Date()): SavedWizard | null {
  const saved = readSaved();
  if (!saved) return null;
  const draft = restoreDraft(saved.draft);
  const wanted = Math.min(3, Math.max(0, Number.parseInt(saved.step ?? "0", 10) || 0)) as WizardStep;
  const incomplete = firstIncompleteStep(draft, now);
  return { draft, step: incomplete !== undefined && incomplete < wanted ? incomplete : wanted };
}
