import type { ReportSummary } from "../report/public-summary";
import type { CaseCounts, CaseIdentifier } from "./info";

/**
 * A case's counts from its members, the only way they are made: recounted, never incremented or
 * decremented by hand, so a report that leaves (erased, deleted, split off) leaves no trace. Pure.
 */

/** A report in a case: its public summary, and the identifiers it names (the case's are their union). */
export interface Member extends ReportSummary {
  identifiers: CaseIdentifier[];
}

/** Identifiers deduplicated by type and value, the first spelling kept. */
export function unionOf(lists: readonly (readonly CaseIdentifier[])[]): CaseIdentifier[] {
  const seen = new Map<string, CaseIdentifier>();
  for (const list of lists)
    for (const i of list) if (!seen.has(`${i.type}#${i.value}`)) seen.set(`${i.type}#${i.value}`, { type: i.type, value: i.value, shown: i.shown });
  return [...seen.values()];
}

export function countsOf(members: readonly Member[]): CaseCounts {
  const times = members.map((m) => m.createdAt).sort();
  return {
    reports: members.length,
    consenting: members.filter((m) => m.publishConsent).length,
    amountLost: members.reduce((sum, m) => sum + (typeof m.amountLost === "number" && m.amountLost > 0 ? m.amountLost : 0), 0),
    states: [...new Set(members.map((m) => m.state).filter(Boolean))].sort(),
    scamTypes: [...new Set(members.flatMap((m) => m.scamTypes))].sort(),
    firstReportAt: times[0] ?? "",
    lastReportAt: times.at(-1) ?? "",
    identifiers: unionOf(members.map((m) => m.identifiers)),
  };
}

/** The counts of a case with no report yet. */
export const EMPTY_COUNTS: CaseCounts = countsOf([]);

/** A case's default title: the first company its reports name, else the first identifier, else its reference. */
export function defaultTitle(identifiers: readonly CaseIdentifier[], reference: string): string {
  return (identifiers.find((i) => i.type === "company") ?? identifiers[0])?.shown || reference;
}
