import { newYorkDay } from "../util/time";

/**
 * The day the scam occurred, "YYYY-MM-DD" in US Eastern time, as the wizard's date picker works
 * (spec §5). Only util/time here: the public bundle loads this module.
 */

export const FUTURE_DATE_MESSAGE = "Please select a date in the past or today";
export const INVALID_DATE_MESSAGE = "Please select a valid date";
/** The earliest day accepted; anything before is a typing slip. */
export const EARLIEST_DATE = "1900-01-01";

/** Today's date in New York, "YYYY-MM-DD". */
export const todayInNewYork = (now: Date = new Date()): string => newYorkDay(now);

/** A real calendar day written "YYYY-MM-DD" (so 2025-02-30 is not one). */
export function isCalendarDate(day: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return false;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const at = new Date(Date.UTC(year, month - 1, date));
  return at.getUTCFullYear() === year && at.getUTCMonth() === month - 1 && at.getUTCDate() === date;
}

/** Later than today in New York. "YYYY-MM-DD" strings compare as the days they name. */
export const isFutureDate = (day: string, now: Date = new Date()) => day > todayInNewYork(now);

/** The message for a chosen day the wizard refuses, or undefined. */
export function dateError(day: string, now: Date = new Date()): string | undefined {
  if (!isCalendarDate(day) || day < EARLIEST_DATE) return INVALID_DATE_MESSAGE;
  if (isFutureDate(day, now)) return FUTURE_DATE_MESSAGE;
  return undefined;
}
