import { TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { getMany } from "../db/batch";
import { table } from "../db/client";
import { Keys } from "../db/keys";
import { transactWithRetries, type TransactItem } from "../db/transact";
import { identifiersOf } from "../report/identifiers";
import type { Info } from "../report/info";
import { summaryOf } from "../report/public-summary";
import { reportOfItem } from "../report/stored-item";
import type { Member } from "./counts";
import { memberItem } from "./store";

/**
 * Which case a report is in: its member item under the case (what the counts are recounted from)
 * and the `caseId` attribute of the report item (what the report's pages and its removal read), moved
 * together in one transaction per group of reports, each report's write conditioned on where it
 * was, so a report removed or moved meanwhile is left out instead of half moved. The caller
 * recounts the cases afterwards (recount.ts).
 */

/** Reports per transaction: three items each at most, under DynamoDB's 100. */
const PER_TRANSACTION = 25;

/** A report as stored, with the attributes of its item the cases room sets. */
export interface StoredReport {
  report: Info;
  caseId?: string;
  proposalId?: string;
}

/** The reports of `ids` that exist (strongly consistent), in no particular order. */
export async function storedReports(ids: readonly string[]): Promise<StoredReport[]> {
  if (!ids.length) return [];
  const items = await getMany(
    [...new Set(ids)].map((id) => Keys.report(id)),
    { consistent: true },
  );
  return items.map((item) => ({
    report: reportOfItem(item),
    ...(typeof item.caseId === "string" ? { caseId: item.caseId } : {}),
    ...(typeof item.proposalId === "string" ? { proposalId: item.proposalId } : {}),
  }));
}

/** The member a report makes: its public summary and the identifiers it names. */
export const memberOfReport = (report: Info): Member => ({ ...summaryOf(report), identifiers: identifiersOf(report) });

/**
 * Writes each entry's items, PER_TRANSACTION entries a transaction. An entry whose condition fails
 * is dropped and its group written again without it. Answers the entries written.
 */
export async function writeEach<E>(entries: readonly E[], itemsOf: (entry: E) => TransactItem[]): Promise<E[]> {
  const written: E[] = [];
  for (let i = 0; i < entries.length; i += PER_TRANSACTION) {
    let group = entries.slice(i, i + PER_TRANSACTION);
    while (group.length) {
      const positions = group.flatMap((entry, at) => itemsOf(entry).map(() => at));
      let failed = new Set<number>();
      const { written: ok } = await transactWithRetries(() => new TransactWriteCommand({ TransactItems: group.flatMap(itemsOf) }), {
        onCancelled: (reasons) => {
          failed = new Set(reasons.flatMap((code, at) => (code === "ConditionalCheckFailed" ? [positions[at]] : [])));
          return failed.size ? "refused" : undefined;
        },
      });
      if (ok) {
        written.push(...group);
        break;
      }
      group = group.filter((_, at) => !failed.has(at));
    }
  }
  return written;
}

/** The report item now in `caseId`, no longer proposed, if it still is where `from` says (no case, or that case). */
function reportInto(reportId: string, caseId: string, from: string | undefined): TransactItem {
  return {
    Update: {
      TableName: table(),
      Key: Keys.report(reportId),
      UpdateExpression: "SET caseId = :case REMOVE proposalId",
      ConditionExpression: from ? "attribute_exists(pk) AND caseId = :from" : "attribute_exists(pk) AND (attribute_not_exists(caseId) OR caseId = :case)",
      ExpressionAttributeValues: { ":case": caseId, ...(from ? { ":from": from } : {}) },
    },
  };
}

/**
 * Adds reports that are in no case (or already in this one: a confirmation run again) to `caseId`.
 * Reports gone or in another case are left out. Answers the members added.
 */
export async function addReports(caseId: string, reportIds: readonly string[]): Promise<Member[]> {
  const free = (await storedReports(reportIds)).filter((r) => !r.caseId || r.caseId === caseId);
  const members = free.map((r) => memberOfReport(r.report));
  return writeEach(members, (m) => [reportInto(m.reportId, caseId, undefined), { Put: { TableName: table(), Item: memberItem(caseId, m) } }]);
}

/** Moves members from one case to another (a merge, a split). Reports gone or moved meanwhile are left out. Answers the members moved. */
export async function moveMembers(from: string, to: string, members: readonly Member[]): Promise<Member[]> {
  return writeEach(members, (m) => [
    reportInto(m.reportId, to, from),
    { Delete: { TableName: table(), Key: Keys.scamCaseMember(from, m.reportId) } },
    { Put: { TableName: table(), Item: memberItem(to, m) } },
  ]);
}
