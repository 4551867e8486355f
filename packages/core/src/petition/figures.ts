/**
 * A petition's numbers as its public pages show them: the signature count, the goal and the progress.
 * Pure (no AWS): the browser renders with it, and the petition-page function fills prerendered pages
 * with the same strings (packages/core/src/site/petition-template.ts), so the two always agree.
 */

/** Goal shown when a petition has none. */
export const DISPLAY_FALLBACK_GOAL = 2000;

/** A usable goal: the petition's own when positive, else the display fallback (2000). */
export function displayGoal(goal: number | null | undefined, fallback = DISPLAY_FALLBACK_GOAL): number {
  return typeof goal === "number" && Number.isFinite(goal) && goal > 0 ? goal : fallback;
}

/** signatures / goal × 100, unrounded; 0 when the goal is not positive. */
export function progressPercent(count: number, goal: number): number {
  if (!(goal > 0) || !(count > 0)) return 0;
  return (count / goal) * 100;
}

/** Progress for a progress bar: clamped to 0–100. */
export function progressValue(count: number, goal: number): number {
  return Math.min(100, Math.max(0, progressPercent(count, goal)));
}

/** Locale thousands grouping (en-US so server-filled, prerendered and hydrated text agree). */
export function formatCount(value: number): string {
  return new Intl.NumberFormat("en-US").format(Math.round(value));
}

/** What a petition's progress block shows, as text. */
export interface ProgressFigures {
  /** "1,234" */
  count: string;
  /** "2,000" (the display goal) */
  goal: string;
  /** The bar's value, as React writes a number into an attribute: "61.7" */
  value: string;
  /** "61.7" (one decimal) */
  percent: string;
}

export function progressFigures(petition: { signatureCount: number; goal: number | null | undefined }): ProgressFigures {
  const goal = displayGoal(petition.goal);
  const value = progressValue(petition.signatureCount, goal);
  return { count: formatCount(petition.signatureCount), goal: formatCount(goal), value: String(value), percent: value.toFixed(1) };
}
