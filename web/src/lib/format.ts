import { DISPLAY_FALLBACK_GOAL, TIME_ZONE } from "../site";

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

/** Percentage with a fixed number of decimals (1 in admin lists, 2 in e-mails). */
export function formatPercent(count: number, goal: number, decimals = 1): string {
  return `${progressPercent(count, goal).toFixed(decimals)}%`;
}

/** Locale thousands grouping (en-US so prerendered and hydrated text agree). */
export function formatCount(value: number): string {
  return new Intl.NumberFormat("en-US").format(Math.round(value));
}

/** The landing count: the server's value when it is a positive number, else the default. */
export function landingCount(serverCount: number | null | undefined, initial: number): number {
  return typeof serverCount === "number" && Number.isFinite(serverCount) && serverCount > 0 ? serverCount : initial;
}

const dateFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});
const timeFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: TIME_ZONE,
  hour: "2-digit",
  minute: "2-digit",
  hour12: false,
});

/** ISO UTC → "MM/DD/YYYY HH:mm" in America/New_York; "N/A" when missing or invalid. */
export function formatDateTimeNY(iso: string | null | undefined): string {
  if (!iso) return "N/A";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "N/A";
  return `${dateFormat.format(date)} ${timeFormat.format(date)}`;
}

/** Up to two initials for an avatar. */
export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase())
    .slice(0, 2)
    .join("");
}
