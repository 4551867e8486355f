import { DISPLAY_TIME_ZONE } from "../util/time";

/**
 * Analytics' two clocks: hourly buckets are UTC hours ("2025-06-01T14"), which nest in New York
 * days because New York's offsets are whole hours; days are New York days ("2025-06-01"), as the
 * dashboard shows them. A day is 23, 24 or 25 hours long.
 */

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

const dayParts = new Intl.DateTimeFormat("en-US", {
  timeZone: DISPLAY_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  hourCycle: "h23",
});

function newYorkParts(at: Date | number) {
  const parts = Object.fromEntries(dayParts.formatToParts(at).map((p) => [p.type, p.value]));
  return { day: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
}

/** The New York day of an instant, "YYYY-MM-DD". */
export const dayOf = (at: Date | number) => newYorkParts(at).day;

/** The UTC hour of an instant, "YYYY-MM-DDTHH". */
export const hourOf = (at: Date | number) => new Date(at).toISOString().slice(0, 13);

export const hourStart = (hour: string) => new Date(`${hour}:00:00.000Z`);

/** `day` moved by `n` calendar days. */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** Midnight in New York: 04:00Z in summer time, 05:00Z in winter (the clocks change at 2 a.m., never at midnight). */
export function dayStart(day: string): Date {
  const [y, m, d] = day.split("-").map(Number);
  for (const offset of [4, 5]) {
    const at = Date.UTC(y, m - 1, d, offset);
    const parts = newYorkParts(at);
    if (parts.day === day && parts.hour === 0) return new Date(at);
  }
  throw new Error(`No New York midnight found for ${day}`);
}

/** The first instant after `day` (the next day's start). */
export const dayEnd = (day: string) => dayStart(addDays(day, 1));

/** The UTC hours of a New York day, in order. */
export function hoursOf(day: string): string[] {
  const hours: string[] = [];
  for (let t = dayStart(day).getTime(), end = dayEnd(day).getTime(); t < end; t += HOUR_MS) hours.push(hourOf(t));
  return hours;
}

/** Days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}
