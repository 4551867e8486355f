import { QueryCommand } from "@aws-sdk/lib-dynamodb";
import { db, table } from "../db/client";
import { putIf } from "../db/conditional";
import { Keys } from "../db/keys";
import { log } from "../log";
import { Mailings } from "../mailing";
import { Petition } from "../petition";
import { mailing, updateRef } from "./updates-mailing";
import { milestoneContent } from "./updates-mail";

/** The actor of milestone sends in the audit trail and on their jobs. */
export const MILESTONE_ACTOR = "system (milestone check)";

interface PetitionMilestones {
  id: string;
  title: string;
  goal: number;
  milestones: number[];
}

/** Every petition that has milestones (gsi1 `PETITIONS`, without their stories). */
async function petitionsWithMilestones(): Promise<PetitionMilestones[]> {
  const items = await Petition.petitionItems({ ProjectionExpression: "id, title, goal, milestones, deleting" });
  return items
    .filter((i) => !i.deleting && Array.isArray(i.milestones) && (i.milestones as unknown[]).length > 0)
    .map((i) => ({ id: String(i.id), title: String(i.title), goal: Number(i.goal), milestones: (i.milestones as unknown[]).map(Number) }));
}

/** The milestones of a petition already claimed (sent, sending or passed over). */
async function claimedMilestones(petitionId: string): Promise<Set<number>> {
  const res = await db().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: "pk = :pk AND begins_with(sk, :prefix)",
      ExpressionAttributeValues: { ":pk": Keys.petitionUpdatesPartition(petitionId), ":prefix": `${Keys.petitionUpdatePrefix}milestone-` },
      ProjectionExpression: "milestone",
      ConsistentRead: true,
    }),
  );
  return new Set((res.Items ?? []).map((i) => Number(i.milestone)));
}

/** Marks a milestone reached together with a higher one as passed over: never sent (one e-mail, for the higher). */
async function passOver(petitionId: string, milestone: number, at: string): Promise<void> {
  await putIf({
    Item: {
      ...Keys.petitionUpdate(petitionId, `milestone-${milestone}`),
      type: "petitionUpdate",
      id: `milestone-${milestone}`,
      petitionId,
      kind: "milestone",
      milestone,
      subject: `${milestone.toLocaleString("en-US")} signatures`,
      status: "skipped",
      createdAt: at,
      createdBy: MILESTONE_ACTOR,
      updatedAt: at,
    },
    ConditionExpression: "attribute_not_exists(pk)",
  });
}

export interface MilestoneCheck {
  /** petitions whose count was read */
  petitions: number;
  /** milestone sends started: `<petitionId>/milestone-<n>` */
  started: string[];
}

/**
 * The scheduled check (every minute): for each petition with milestones, its counted signatures
 * (one eventually consistent read of its counter shards); the highest milestone reached and not yet
 * claimed is claimed and its send started (a conditional put: two checks at once start it once);
 * lower ones reached at the same time are passed over. Nothing is read per signature.
 */
export async function checkMilestones(): Promise<MilestoneCheck> {
  const petitions = await petitionsWithMilestones();
  const started: string[] = [];
  for (const petition of petitions) {
    const count = await Petition.count(petition.id);
    const reached = petition.milestones.filter((m) => m <= count);
    if (reached.length === 0) continue;
    const claimed = await claimedMilestones(petition.id);
    const open = reached.filter((m) => !claimed.has(m)).sort((a, b) => a - b);
    if (open.length === 0) continue;
    const highest = open.at(-1)!;
    const at = new Date().toISOString();
    for (const lower of open.slice(0, -1)) await passOver(petition.id, lower, at);
    const content = milestoneContent(petition, highest);
    const send = await Mailings.create(
      mailing,
      updateRef(petition.id, `milestone-${highest}`),
      { head: { type: "petitionUpdate", petitionId: petition.id, kind: "milestone", milestone: highest, subject: content.subject }, body: content.body },
      MILESTONE_ACTOR,
    );
    if (send) {
      started.push(`${petition.id}/milestone-${highest}`);
      log.info("petition milestone reached: update send started", { petitionId: petition.id, milestone: highest, count });
    }
  }
  return { petitions: petitions.length, started };
}
