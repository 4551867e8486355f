import { progressPercent } from "@site/core/petition/figures";
import { TIME_ZONE } from "../site";

export { displayGoal, formatCount, progressPercent, progressValue } from "@site/core/petition/figures";

/** Percentage with a fixed number of decimals (1 in admin lists, 2 in e-mails). */
export function formatPercent(count: number, goal: number, decimals = 1): string {
  return `${progressPercent(count, goal).toFixed(decimals)}%`;
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
