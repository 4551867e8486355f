import type { WizardStep } from "@site/core/report/catalogue";
import type { ReportDraft } from "@site/core/report/draft";

/**
 * The wizard's draft in the tab's sessionStorage, so what was typed survives a reload of the page
 * (spec): writing and clearing it, and whether there is one. Reading it back takes the draft's
 * schema (draftStorage.ts), which loads with the form's rules. Uploaded files are kept by reference
 * (the file is already on the server); a file still uploading is not in the draft, so it is chosen
 * again.
 */

export const DRAFT_KEY = "report-scam:draft";
export const STEP_KEY = "report-scam:step";

export interface SavedWizard {
  draft: ReportDraft;
  step: WizardStep;
}

/** The saved draft and step as stored, or null when there is none (or storage is disabled). */
export function readSaved(): { draft: string; step: string | null } | null {
  try {
    const draft = window.sessionStorage.getItem(DRAFT_KEY);
    return draft ? { draft, step: window.sessionStorage.getItem(STEP_KEY) } : null;
  } catch {
    return null;
  }
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
