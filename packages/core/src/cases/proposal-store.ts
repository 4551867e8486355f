import { GetCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import { db, table } from "../db/client";
import { Keys } from "../db/keys";
import { queryAll } from "../db/query";
import type { TransactItem } from "../db/transact";
import type { Info } from "../report/info";
import { NotFoundError } from "../util/error";
import { isSortableId } from "../util/id";
import type { Proposal, ProposedReport } from "./info";
import { writeEach } from "./membership";

/**
 * Proposals waiting for a decision: one partition (`CASEPROPOSALS`), one item each, sk = the
 * proposal's id (a proposal to join a case has the case's id). Decided ones are deleted. Each report
 * in one carries its id (`proposalId` on the report item), set only where the report has neither a
 * case nor a proposal, and cleared only where it still names this one.
 */

export class ProposalNotFound extends NotFoundError {
  constructor() {
    super("case_proposal.not_found", "This proposal was decided already or does not exist");
  }
}

/** A report of a proposal as the console lists it. */
export const proposedReport = (report: Info): ProposedReport => ({
  id: report.id,
  reference: report.reference,
  createdAt: report.createdAt,
  ...(report.scammer.company ? { company: report.scammer.company } : {}),
});

export const proposalItem = (p: Proposal) => ({ ...Keys.scamProposal(p.id), type: "caseProposal", ...p, reportIds: p.reports.map((r) => r.id) });

export function proposalOf(item: Record<string, unknown>): Proposal {
  const { pk: _pk, sk: _sk, type: _type, reportIds: _ids, ...proposal } = item;
  return proposal as unknown as Proposal;
}

export async function findProposal(id: string): Promise<Proposal | undefined> {
  if (!isSortableId(id)) return undefined;
  const res = await db().send(new GetCommand({ TableName: table(), Key: Keys.scamProposal(id), ConsistentRead: true }));
  return res.Item ? proposalOf(res.Item) : undefined;
}

export async function proposalFromId(id: string): Promise<Proposal> {
  const found = await findProposal(id);
  if (!found) throw new ProposalNotFound();
  return found;
}

/** Proposals a page: the console shows the oldest first, the ones waiting longest. */
export const PROPOSALS_PAGE = 100;

/**
 * A page of waiting proposals, oldest first; `next` continues after the last one read. A proposal
 * of a single report (its others were removed) links nothing and is not listed: it waits for another
 * report to join it.
 */
export async function listProposals(after?: string): Promise<{ proposals: Proposal[]; next: string | null }> {
  const res = await db().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: after && isSortableId(after) ? "pk = :pk AND sk > :after" : "pk = :pk",
      FilterExpression: "size(reportIds) > :one OR attribute_exists(caseId)",
      ExpressionAttributeValues: { ":pk": Keys.scamProposalsPartition, ":one": 1, ...(after && isSortableId(after) ? { ":after": after } : {}) },
      Limit: PROPOSALS_PAGE,
    }),
  );
  const proposals = (res.Items ?? []).map(proposalOf);
  return { proposals, next: res.LastEvaluatedKey ? String(res.LastEvaluatedKey.sk) : null };
}

/** The waiting proposals that hold a report (the report was removed): a filtered read of the one partition. */
export async function proposalsWith(reportId: string): Promise<Proposal[]> {
  const items = await queryAll({
    TableName: table(),
    KeyConditionExpression: "pk = :pk",
    FilterExpression: "contains(reportIds, :id)",
    ExpressionAttributeValues: { ":pk": Keys.scamProposalsPartition, ":id": reportId },
    ConsistentRead: true,
  });
  return items.map(proposalOf);
}

/** The proposal put new (`version` undefined) or over the version read. */
export function proposalPut(p: Proposal, readVersion: number | undefined): TransactItem {
  return {
    Put: {
      TableName: table(),
      Item: proposalItem(p),
      ...(readVersion === undefined
        ? { ConditionExpression: "attribute_not_exists(pk)" }
        : {
            ConditionExpression: "#version = :version",
            ExpressionAttributeNames: { "#version": "version" },
            ExpressionAttributeValues: { ":version": readVersion },
          }),
    },
  };
}

/** The proposal deleted, if it is still the version read. */
export const proposalDelete = (p: Proposal): TransactItem => ({
  Delete: {
    TableName: table(),
    Key: Keys.scamProposal(p.id),
    ConditionExpression: "#version = :version",
    ExpressionAttributeNames: { "#version": "version" },
    ExpressionAttributeValues: { ":version": p.version },
  },
});

/** A report marked as in `proposalId`, only if it is in no case and no proposal (or in `from`, a proposal folded into this one). */
export function markReport(reportId: string, proposalId: string, from?: string): TransactItem {
  return {
    Update: {
      TableName: table(),
      Key: Keys.report(reportId),
      UpdateExpression: "SET proposalId = :p",
      ConditionExpression: from
        ? "attribute_exists(pk) AND attribute_not_exists(caseId) AND proposalId = :from"
        : "attribute_exists(pk) AND attribute_not_exists(caseId) AND attribute_not_exists(proposalId)",
      ExpressionAttributeValues: { ":p": proposalId, ...(from ? { ":from": from } : {}) },
    },
  };
}

/** Clears `proposalId` on the reports that still name this proposal (others, gone or moved on, are left). */
export async function releaseReports(proposalId: string, reportIds: readonly string[]): Promise<void> {
  await writeEach(reportIds, (id) => [
    {
      Update: {
        TableName: table(),
        Key: Keys.report(id),
        UpdateExpression: "REMOVE proposalId",
        ConditionExpression: "proposalId = :p",
        ExpressionAttributeValues: { ":p": proposalId },
      },
    },
  ]);
}
