import { isStateCode } from "../place/us-states";
import { SCAM_TYPES } from "../report/catalogue";
import type { ReportSummary } from "../report/public-summary";
import { newYorkDay } from "../util/time";
import { AMOUNT_RANGES, type AlertStats, type AmountRange } from "./types";

/**
 * An alert's public figures, recounted from its case's members every time (never added to or taken
 * from by hand): only the reports whose reporters ticked that an anonymised summary may be published
 * count. What comes out is counts, ranges and two days: no name, address, amount or words of anyone's.
 * Pure.
 */
export function statsOf(members: readonly ReportSummary[]): AlertStats {
  const counted = members.filter((m) => m.publishConsent === true);
  const scamTypes: Record<string, number> = {};
  const states: Record<string, number> = {};
  const amountRanges = Object.fromEntries(AMOUNT_RANGES.map((r) => [r, 0])) as Record<AmountRange, number>;
  const days: string[] = [];
  for (const report of counted) {
    for (const type of new Set(report.scamTypes)) if (isScamType(type)) scamTypes[type] = (scamTypes[type] ?? 0) + 1;
    if (isStateCode(report.state)) states[report.state] = (states[report.state] ?? 0) + 1;
    amountRanges[amountRange(report.amountLost)]++;
    const day = dayOf(report.createdAt);
    if (day) days.push(day);
  }
  days.sort();
  return { reports: counted.length, scamTypes, states, amountRanges, firstReportAt: days[0] ?? null, lastReportAt: days.at(-1) ?? null };
}

const isScamType = (type: string) => (SCAM_TYPES as readonly string[]).includes(type);

/** The range an amount lost (whole dollars; null when none was lost) is published in. */
export function amountRange(amount: number | null | undefined): AmountRange {
  if (typeof amount !== "number" || !Number.isFinite(amount) || amount <= 0) return "none";
  if (amount < 1_000) return "under $1,000";
  if (amount < 5_000) return "$1,000\u2013$4,999";
  if (amount < 20_000) return "$5,000\u2013$19,999";
  return "$20,000 and more";
}

/** The New York day of a report's time: the public sees the day, not the minute it was sent. */
function dayOf(iso: string): string | undefined {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? undefined : newYorkDay(at);
}

/** No report counted yet: what an alert of a case without a consenting member shows. */
export const emptyStats = (): AlertStats => statsOf([]);
