import { TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { transactWithRetries, type TransactItem } from "../db/transact";
import { identifiersOf, type Identifier } from "../report/identifiers";
import { reportIdsWith } from "../report/identifier-items";
import { sortableId } from "../util/id";
import { unionOf } from "./counts";
import type { Proposal } from "./info";
import { storedReports, type StoredReport } from "./membership";
import { placementOf, type Placement } from "./proposal-plan";
import { findProposal, markReport, proposalDelete, proposalPut, proposedReport } from "./proposal-store";
import { caseReference } from "./reference";

/**
 * Proposals from a new report (the `report.created` subscriber): the reports that name any of its
 * identifiers (one consistent query per identifier, report/identifier-items.ts), and where it goes
 * (proposal-plan.ts). The proposal and every report it marks are written in one transaction, each
 * report conditioned on being free (or in the proposal folded in), the proposal on the version read:
 * two new reports placed at once cannot both take the same report, and the loser places itself
 * again from what the winner wrote.
 */

/** The newest reports read per identifier: enough to find the case or proposal they are in. */
export const MATCHES_PER_IDENTIFIER = 50;
/** Matched free reports one placement marks (one transaction item each, under DynamoDB's 100). */
const FREE_PER_PLACEMENT = 60;
/** Transaction items a placement may use. */
const MAX_ITEMS = 100;
/** A proposal this large takes no more: a new one starts beside it. */
export const MAX_PROPOSAL_REPORTS = 1000;
/** Placements tried again after losing a race. */
const MAX_ATTEMPTS = 6;

/** The reports naming any of `identifiers` other than `reportId`, and which identifiers they share. */
async function matchesOf(reportId: string, identifiers: readonly Identifier[]) {
  const found = await Promise.all(
    identifiers.map(async (identifier) => ({ identifier, ids: (await reportIdsWith(identifier, MATCHES_PER_IDENTIFIER)).filter((id) => id !== reportId) })),
  );
  const shared = found.filter((f) => f.ids.length).map((f) => f.identifier);
  const ids = [...new Set(found.flatMap((f) => f.ids))];
  return { shared, reports: await storedReports(ids) };
}

/**
 * Places a new report: answers the proposal it is now in, or undefined (no report shares an
 * identifier with it, it is gone, or it was placed already: a delivery again).
 */
export async function propose(reportId: string): Promise<Proposal | undefined> {
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const [self] = await storedReports([reportId]);
    if (!self || self.caseId || self.proposalId) return undefined;
    const identifiers = identifiersOf(self.report);
    if (!identifiers.length) return undefined;
    const { shared, reports } = await matchesOf(reportId, identifiers);
    const placement = placementOf(reports.map((r) => ({ id: r.report.id, caseId: r.caseId, proposalId: r.proposalId })));
    if (placement.kind === "none") return undefined;
    const written = await place(self, placement, shared, new Map(reports.map((r) => [r.report.id, r])));
    if (written) return written;
  }
  throw new Error(`report ${reportId}: its proposal kept changing under ${MAX_ATTEMPTS} attempts`);
}

/** Writes a placement; undefined when a condition failed (someone placed a report first): place again. */
async function place(self: StoredReport, placement: Exclude<Placement, { kind: "none" }>, shared: Identifier[], byId: Map<string, StoredReport>) {
  const free = placement.free.slice(0, FREE_PER_PLACEMENT).flatMap((id) => byId.get(id) ?? []);
  const now = new Date().toISOString();
  const target = await targetOf(placement, now);
  if (!target) return undefined;
  const newcomers = [self, ...free].filter((r) => !target.proposal.reports.some((p) => p.id === r.report.id));
  const folds = placement.kind === "join" ? await foldable(placement.fold, 1 + newcomers.length) : [];
  const proposal: Proposal = {
    ...target.proposal,
    reports: [...target.proposal.reports, ...folds.flatMap((f) => f.reports), ...newcomers.map((r) => proposedReport(r.report))],
    identifiers: unionOf([target.proposal.identifiers, ...folds.map((f) => f.identifiers), shared, sharedWithin(newcomers)]),
    updatedAt: now,
    version: (target.readVersion ?? 0) + 1,
  };
  const items: TransactItem[] = [
    proposalPut(proposal, target.readVersion),
    ...newcomers.map((r) => markReport(r.report.id, proposal.id)),
    ...folds.flatMap((f) => [proposalDelete(f), ...f.reports.map((r) => markReport(r.id, proposal.id, f.id))]),
  ];
  const { written } = await transactWithRetries(() => new TransactWriteCommand({ TransactItems: items }), {
    onCancelled: (reasons) => (reasons.includes("ConditionalCheckFailed") ? "refused" : undefined),
  });
  return written ? proposal : undefined;
}

/** The identifiers two or more of `reports` name (the free matched reports link each other too, not only the new one). */
function sharedWithin(reports: readonly StoredReport[]): Identifier[] {
  const named = reports.flatMap((r) => identifiersOf(r.report));
  const times = new Map<string, number>();
  for (const i of named) times.set(`${i.type}#${i.value}`, (times.get(`${i.type}#${i.value}`) ?? 0) + 1);
  return named.filter((i) => times.get(`${i.type}#${i.value}`)! >= 2);
}

/** The proposal a placement writes into: the one it joins as read (with its version), or a new one. */
async function targetOf(placement: Exclude<Placement, { kind: "none" }>, now: string): Promise<{ proposal: Proposal; readVersion?: number } | undefined> {
  const existingId = placement.kind === "case" ? placement.caseId : placement.kind === "join" ? placement.proposalId : undefined;
  const existing = existingId ? await findProposal(existingId) : undefined;
  // the proposal the matched reports were in was decided since they were read: place again
  if (placement.kind === "join" && !existing) return undefined;
  if (existing && existing.reports.length < MAX_PROPOSAL_REPORTS) return { proposal: existing, readVersion: existing.version };
  // a case's proposal has the case's id, unless one that is full waits already
  const id = placement.kind === "case" && !existing ? placement.caseId : sortableId();
  const forCase = placement.kind === "case" ? { caseId: placement.caseId, caseReference: caseReference(placement.caseId) } : {};
  return { proposal: { id, reports: [], identifiers: [], createdAt: now, updatedAt: now, version: 0, ...forCase } };
}

/** The proposals to fold in, as read, while the transaction stays within its item limit. */
async function foldable(ids: readonly string[], used: number): Promise<Proposal[]> {
  const folds: Proposal[] = [];
  let items = used + 1;
  for (const id of ids) {
    const found = await findProposal(id);
    if (!found || found.caseId) continue;
    if (items + 1 + found.reports.length > MAX_ITEMS) break;
    items += 1 + found.reports.length;
    folds.push(found);
  }
  return folds;
}
