import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { db, table } from "../db/client";
import { Keys } from "../db/keys";
import { Report } from "../report";
import { STOPPED_ATTRIBUTE } from "./unsubscribe";

/** The report as stored, with the attributes beside its body this room reads. */
export async function storedReport(reportId: string): Promise<{ report: Report.Info; stopped: boolean; caseId?: string } | undefined> {
  if (!Report.isPossibleId(reportId)) return undefined;
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: Keys.report(reportId), ConsistentRead: true }));
  if (!Item) return undefined;
  const report = Report.reportOfItem(Item);
  const caseId = report.caseId ?? (typeof Item.caseId === "string" ? Item.caseId : undefined);
  return { report, stopped: Item[STOPPED_ATTRIBUTE] !== undefined, caseId };
}
