/**
 * Where a new report goes, from the reports that share an identifier with it (proposals.ts reads
 * them): pure, so every branch is unit-tested.
 *
 * - some of them are in a case → a proposal to add it to that case (the case most of them are in;
 *   the newest on a tie), with the matched reports that are in no case and no proposal;
 * - else some are in proposals waiting for a decision → it joins the one most of them are in (the
 *   oldest on a tie), with the free matched reports, and the other proposals are folded into it
 *   (the new report links them: one proposal, not two);
 * - else → a new proposal of it and the free matched reports;
 * - no match → nothing.
 */
export interface Matched {
  id: string;
  caseId?: string;
  proposalId?: string;
}

export type Placement =
  | { kind: "case"; caseId: string; free: string[] }
  | { kind: "join"; proposalId: string; fold: string[]; free: string[] }
  | { kind: "new"; free: string[] }
  | { kind: "none" };

/** The value most often given, ties broken by `prefer` (a negative answer prefers its first argument). */
function commonest(values: readonly string[], prefer: (a: string, b: string) => number): string | undefined {
  const tally = new Map<string, number>();
  for (const v of values) tally.set(v, (tally.get(v) ?? 0) + 1);
  return [...tally.entries()].sort(([a, x], [b, y]) => y - x || prefer(a, b))[0]?.[0];
}

export function placementOf(matched: readonly Matched[]): Placement {
  const free = matched.filter((m) => !m.caseId && !m.proposalId).map((m) => m.id);
  const caseId = commonest(
    matched.flatMap((m) => (m.caseId ? [m.caseId] : [])),
    (a, b) => b.localeCompare(a),
  );
  if (caseId) return { kind: "case", caseId, free };
  const proposalIds = matched.flatMap((m) => (m.proposalId ? [m.proposalId] : []));
  const proposalId = commonest(proposalIds, (a, b) => a.localeCompare(b));
  if (proposalId) return { kind: "join", proposalId, fold: [...new Set(proposalIds)].filter((p) => p !== proposalId).sort(), free };
  return free.length ? { kind: "new", free } : { kind: "none" };
}
