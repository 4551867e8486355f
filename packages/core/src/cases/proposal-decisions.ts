import { TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { Audit } from "../audit";
import { transactWithRetries } from "../db/transact";
import { newHead } from "./head";
import type { CaseHead, Proposal } from "./info";
import { addReports } from "./membership";
import { findProposal, proposalDelete, proposalFromId, proposalPut, proposalsWith, releaseReports } from "./proposal-store";
import { recount } from "./recount";
import { createCase, find, fromId } from "./store";

/**
 * An administrator's decision on a proposal: confirm (a new case of its reports, whose id is the
 * proposal's, so confirming twice makes one case; or its reports added to the case it names) or
 * dismiss (its reports free again). Either ends with the proposal deleted as it was read: a report
 * that joined it meanwhile makes the decision take it too. And what a report's removal does to the
 * proposals holding it.
 */

/** Deletes the proposal if it is still as read; false when it changed (or went). */
async function deleteAsRead(p: Proposal): Promise<boolean> {
  const { written } = await transactWithRetries(() => new TransactWriteCommand({ TransactItems: [proposalDelete(p)] }), {
    onCancelled: (reasons) => (reasons[0] === "ConditionalCheckFailed" ? "refused" : undefined),
  });
  return written;
}

/** How many merges a proposal's case is followed through to the case that took its reports. */
const MAX_MERGE_HOPS = 10;

/** The case that now holds a case's reports: itself, or the case it was merged into (and so on). */
export async function survivorOf(caseId: string): Promise<CaseHead> {
  let head = await fromId(caseId);
  for (let hop = 0; head.mergedInto && hop < MAX_MERGE_HOPS; hop++) head = await fromId(head.mergedInto);
  return head;
}

/** Confirms a proposal; answers the case its reports are in. */
export async function confirm(proposalId: string, by: string): Promise<{ caseId: string }> {
  let proposal = await proposalFromId(proposalId);
  const intoCase = proposal.caseId !== undefined;
  const caseId = intoCase ? (await survivorOf(proposal.caseId!)).id : proposal.id;
  if (!intoCase) {
    const n = proposal.reports.length;
    // titled by its reference until its first recount names its oldest report's company
    await createCase(newHead(caseId, undefined), [{ by, action: "created", detail: `From a proposed link of ${n} report${n === 1 ? "" : "s"}` }]);
  }
  let added = 0;
  // whether this call deleted the proposal (two administrators confirming at once: one of them did)
  let decided: boolean;
  for (;;) {
    const ids = proposal.reports.map((r) => r.id);
    const members = await addReports(caseId, ids);
    added += members.length;
    // gone, or taken into another case meanwhile: no longer proposed here
    await releaseReports(
      proposal.id,
      ids.filter((id) => !members.some((m) => m.reportId === id)),
    );
    if ((decided = await deleteAsRead(proposal))) break;
    const again = await findProposal(proposal.id);
    if (!again) break;
    proposal = again;
  }
  const timeline =
    intoCase && decided ? [{ by, action: "reports_added" as const, detail: `${added} report${added === 1 ? "" : "s"} from a proposed link` }] : [];
  const { head } = await recount(caseId, timeline);
  if (decided)
    await Audit.record({ action: intoCase ? "case.reports_added" : "case.created", actor: by, target: `${head.reference}: ${added} reports`, rows: added });
  return { caseId };
}

/** Dismisses a proposal: its reports are free again (a later report naming them may propose them anew). */
export async function dismiss(proposalId: string, by: string): Promise<void> {
  let proposal = await proposalFromId(proposalId);
  const first = proposal;
  for (;;) {
    await releaseReports(
      proposal.id,
      proposal.reports.map((r) => r.id),
    );
    if (await deleteAsRead(proposal)) break;
    const again = await findProposal(proposal.id);
    if (!again) break;
    proposal = again;
  }
  const n = proposal.reports.length;
  const target = `proposal ${first.id}${first.caseReference ? ` for ${first.caseReference}` : ""}: ${n} reports`;
  await Audit.record({ action: "case.proposal_dismissed", actor: by, target, rows: n });
}

/** Proposals rewritten after losing a race, at most this often. */
const MAX_ATTEMPTS = 6;

/**
 * A removed report leaves the proposals that held it. One left with no report goes; one left with a
 * single report stays, unlisted (proposal-store.ts `listProposals`) until another report joins it:
 * the report left is not written to, so a removal changes no other reporter's items.
 */
async function leaveProposals(reportId: string): Promise<void> {
  for (const held of await proposalsWith(reportId)) {
    let p: Proposal | undefined = held;
    for (let attempt = 1; p && attempt <= MAX_ATTEMPTS; attempt++) {
      const rest = p.reports.filter((r) => r.id !== reportId);
      if (rest.length === p.reports.length) break;
      const written = rest.length
        ? await transactWithRetries(
            () =>
              new TransactWriteCommand({
                TransactItems: [proposalPut({ ...p!, reports: rest, updatedAt: new Date().toISOString(), version: p!.version + 1 }, p!.version)],
              }),
            { onCancelled: (reasons) => (reasons[0] === "ConditionalCheckFailed" ? "refused" : undefined) },
          ).then((w) => w.written)
        : await deleteAsRead(p);
      if (written) break;
      p = await findProposal(held.id);
    }
  }
}

/**
 * `report.removed` (an administrator's delete, an erasure, retention): the report's case is recounted
 * (its member item went with the report) with a timeline entry keyed by the event's id (a delivery
 * again rewrites the same entry), and the report leaves any proposal.
 */
export async function reportRemoved(detail: { reportId: string; caseId?: string }, eventId: string): Promise<void> {
  if (detail.caseId && (await find(detail.caseId))) {
    await recount(detail.caseId, [{ id: eventId, by: "system", action: "report_removed", detail: "A report was erased or deleted" }]);
  }
  await leaveProposals(detail.reportId);
}
