import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { db, table } from "../db/client";
import { Keys } from "../db/keys";
import { queryAll } from "../db/query";
import { Mailings } from "../mailing";
import { Petition } from "../petition";
import { NotFoundError } from "../util/error";
import { UpdateId, mailing, updateRef } from "./updates-mailing";

/** The console's list of a petition's updates, and resuming a paused send. */

export class UpdateNotFound extends NotFoundError {
  constructor() {
    super("petition.update_not_found", "Update not found");
  }
}

export interface UpdateSummary {
  id: string;
  kind: "milestone" | "outcome";
  milestone?: number;
  subject: string;
  /** `skipped`: a milestone reached together with a higher one, never sent */
  status: "sending" | "paused" | "sent" | "skipped";
  startedAt?: string;
  startedBy?: string;
  sentAt?: string;
  audience: number | null;
  counts: { recipients: number; sent: number; failed: number };
  pausedReason?: string;
  waitingReason?: string;
  jobId?: string;
}

/** A petition's updates, milestones in order then the outcome (one query of its partition's heads). */
export async function list(petitionId: string): Promise<UpdateSummary[]> {
  Petition.assertPossibleId(petitionId);
  const items = await queryAll({
    TableName: table(),
    KeyConditionExpression: "pk = :pk AND begins_with(sk, :prefix)",
    ExpressionAttributeValues: { ":pk": Keys.petitionUpdatesPartition(petitionId), ":prefix": Keys.petitionUpdatePrefix },
    ConsistentRead: true,
  });
  return items
    .map((item): UpdateSummary => {
      const kind = item.kind === "outcome" ? "outcome" : "milestone";
      if (item.status === "skipped") {
        return {
          id: String(item.id),
          kind,
          milestone: Number(item.milestone),
          subject: String(item.subject),
          status: "skipped",
          audience: null,
          counts: { recipients: 0, sent: 0, failed: 0 },
        };
      }
      const s = Mailings.summaryOf(item);
      return {
        id: s.id,
        kind,
        ...(kind === "milestone" ? { milestone: Number(item.milestone) } : {}),
        subject: s.subject,
        status: s.status as UpdateSummary["status"],
        ...(s.startedAt ? { startedAt: s.startedAt } : {}),
        ...(s.startedBy ? { startedBy: s.startedBy } : {}),
        ...(s.sentAt ? { sentAt: s.sentAt } : {}),
        audience: s.audience,
        counts: s.counts,
        ...(s.pausedReason ? { pausedReason: s.pausedReason } : {}),
        ...(s.waitingReason ? { waitingReason: s.waitingReason } : {}),
        ...(s.jobId ? { jobId: s.jobId } : {}),
      };
    })
    .sort((a, b) => (a.kind === b.kind ? (a.milestone ?? 0) - (b.milestone ?? 0) : a.kind === "outcome" ? 1 : -1));
}

/** Continues a paused update send from its cursor (as a newsletter issue resumes). */
export async function resume(petitionId: string, updateId: string, actor: string) {
  Petition.assertPossibleId(petitionId);
  if (!UpdateId.safeParse(updateId).success) throw new UpdateNotFound();
  const head = await db().send(new GetCommand({ TableName: table(), Key: Keys.petitionUpdate(petitionId, updateId), ConsistentRead: true }));
  if (!head.Item || head.Item.status === "skipped") throw new UpdateNotFound();
  return Mailings.resume(mailing, updateRef(petitionId, updateId), actor);
}
