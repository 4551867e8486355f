import { firstIncompleteStep, restoreDraft, type ReportDraft } from "@site/core/report/draft";
import type { WizardStep } from "@site/core/report/catalogue";

/**
 * The wizard's draft in the tab's sessionStorage, so what was typed survives a reload of the page
 * (spec). Uploaded files are kept by reference (the file is already on the server); a
 * file still uploading is not in the draft, so it is chosen again.
 */

const DRAFT_KEY = "report-scam:draft";
const STEP_KEY = "report-scam:step";

export interface SavedWizard {
  draft: ReportDraft;
  step: WizardStep;
}

/** The saved draft, and the step to show: the saved one, unless an earlier step is not complete. */
export function loadWizard(now: Date = new Date()): SavedWizard | null {
  let saved: string | null;
  let savedStep: string | null;
  try {
    saved = window.sessionStorage.getItem(DRAFT_KEY);
    savedStep = window.sessionStorage.getItem(STEP_KEY);
  } catch {
    return null;
  }
  if (!saved) return null;
  const draft = restoreDraft(saved);
  const wanted = Math.min(3, Math.max(0, Number.parseInt(savedStep ?? "0", 10) || 0)) as WizardStep;
  const incomplete = firstIncompleteStep(draft, now);
  return { draft, step: incomplete !== undefined && incomplete < wanted ? incomplete : wanted };
}

export function saveWizard({ draft, step }: SavedWizard): void {
  try {
    window.sessionStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
    window.sessionStorage.setItem(STEP_KEY, String(step));
  } catch {
    // storage disabled or full: the wizard works, a reload starts over
  }
}

export function clearWizard(): void {
  try {
    window.sessionStorage.removeItem(DRAFT_KEY);
    window.sessionStorage.removeItem(STEP_KEY);
  } catch {
    // nothing saved
  }
}
