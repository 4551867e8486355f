export * as PetitionUpdates from "./updates";

import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { z } from "zod";
import { event } from "../bus";
import { db, table } from "../db/client";
import { Keys } from "../db/keys";
import { queryAll } from "../db/query";
import { log } from "../log";
import { Issues, type Mailing, type MailingRef } from "../newsletter/issues";
import { IssueContent } from "../newsletter/issues/input";
import { Petition, PetitionNotFound } from "../petition";
import { NotFoundError, VisibleError } from "../util/error";
import { parse } from "../util/zod";
import { assertPossibleId } from "./index";
import { WANTS_UPDATES_ATTRIBUTE, indexKey } from "./index-item";
import * as Audience from "./updates-audience";
import { UpdatesToken, verifyUpdatesToken } from "./updates-link";
import { milestoneContent, updateMessage } from "./updates-mail";

/**
 * Updates to signers who ask (issue 24, item 3; docs/architecture.md "Updates to signers who ask"):
 * a signer who ticked "Tell me how this petition does" gets one e-mail when the petition's counted
 * signatures reach each of its milestones, and the outcome the administrators write, once. Each
 * update is a mailing of the newsletter's machinery (newsletter/issues: paced as bulk mail, one
 * claimed delivery per address, batches through the bus), whose audience is the petition's signers
 * who asked (updates-audience.ts). An update's id is its claim: `milestone-<n>` or `outcome`, put on
 * condition that it does not exist, in the transaction that starts its send.
 */

export const UpdateId = z.string().regex(/^(milestone-[1-9][0-9]{0,9}|outcome)$/, "Update not found");

export const Events = {
  /** Send the next page of an update's audience (the petition-update-batch subscriber). */
  Batch: event(
    "petition.update_batch",
    z.object({ petitionId: z.string().regex(Petition.ID_PATTERN), updateId: UpdateId, run: z.string().min(1).max(40), cursor: z.string().max(200) }),
  ),
};

const ref = (petitionId: string, updateId: string): MailingRef => ({ id: updateId, petitionId });
const petitionOf = (r: MailingRef) => r.petitionId as string;

/** A petition's updates as a mailing of the newsletter's sending machinery. */
export const mailing: Mailing<Audience.Signer, typeof Events.Batch.schema> = {
  mailKind: "petition-update",
  jobKind: "petition.update",
  head: (r) => Keys.petitionUpdate(petitionOf(r), r.id),
  body: (r) => Keys.petitionUpdateBody(petitionOf(r), r.id),
  deliveries: (r) => Keys.petitionUpdateDeliveries(petitionOf(r), r.id),
  batch: {
    event: Events.Batch,
    detail: (r, run, cursor) => ({ petitionId: petitionOf(r), updateId: r.id, run, cursor }),
    ref: (detail) => ref(detail.petitionId, detail.updateId),
  },
  audience: {
    count: (r, until) => Audience.count(petitionOf(r), until),
    page: (r, opts) => Audience.page(petitionOf(r), opts),
  },
  message: (r, to, rendered) => updateMessage(petitionOf(r), to, rendered),
  audit: { started: "petition.update_send_started", resumed: "petition.update_resumed", sent: "petition.update_sent" },
};

/** The actor of milestone sends in the audit trail and on their jobs. */
export const MILESTONE_ACTOR = "system (milestone check)";

// ---------------------------------------------------------------------------------------------
// Milestones

interface PetitionMilestones {
  id: string;
  title: string;
  goal: number;
  milestones: number[];
}

/** Every petition that has milestones (gsi1 `PETITIONS`, without their stories). */
async function petitionsWithMilestones(): Promise<PetitionMilestones[]> {
  const items = await queryAll({
    TableName: table(),
    IndexName: "gsi1",
    KeyConditionExpression: "gsi1pk = :pk",
    ExpressionAttributeValues: { ":pk": "PETITIONS" },
    ProjectionExpression: "id, title, goal, milestones, deleting",
  });
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
  try {
    await db().send(
      new PutCommand({
        TableName: table(),
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
      }),
    );
  } catch (err) {
    if ((err as Error).name !== "ConditionalCheckFailedException") throw err;
  }
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
    const send = await Issues.createMailing(
      mailing,
      ref(petition.id, `milestone-${highest}`),
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

// ---------------------------------------------------------------------------------------------
// The outcome

/** What an administrator sends as a petition's outcome: a subject and a Markdown body (the newsletter issue's rules). */
export const OutcomeInput = IssueContent;
export type OutcomeInput = z.input<typeof OutcomeInput>;

export class OutcomeAlreadySent extends VisibleError {
  constructor() {
    super(409, "petition.outcome_already_sent", "The outcome of this petition has already been sent to its signers");
  }
}

/** Sends the petition's outcome to its signers who asked, once: a second send is refused (409). */
export async function sendOutcome(petitionId: string, input: OutcomeInput, actor: string) {
  const content = parse(OutcomeInput, input);
  Petition.assertPossibleId(petitionId);
  const meta = await db().send(
    new GetCommand({ TableName: table(), Key: Keys.petition(petitionId), ProjectionExpression: "pk, deleting", ConsistentRead: true }),
  );
  if (!meta.Item || meta.Item.deleting) throw new PetitionNotFound();
  const send = await Issues.createMailing(
    mailing,
    ref(petitionId, "outcome"),
    { head: { type: "petitionUpdate", petitionId, kind: "outcome", subject: content.subject }, body: content.body },
    actor,
  );
  if (!send) throw new OutcomeAlreadySent();
  return send;
}

// ---------------------------------------------------------------------------------------------
// The console's list, and resuming a paused send

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
      const s = Issues.summaryOf(item);
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
  return Issues.resumeMailing(mailing, ref(petitionId, updateId), actor);
}

// ---------------------------------------------------------------------------------------------
// Leaving a petition's updates (the e-mails' link and one-click header)

export const StopInput = z.object({ token: UpdatesToken }, { error: "Send the link's token as {token}" });
export type StopInput = z.output<typeof StopInput>;

export class InvalidUpdatesLink extends VisibleError {
  constructor() {
    super(403, "signature.updates_link_invalid", "This unsubscribe link is not valid. Please open the link from your e-mail again.");
  }
}

/**
 * Stops this petition's updates for this signature: `wantsUpdates` false on the signature (what the
 * audience reads again), then the `u` mark off its index row (so later sends skip it without a
 * read). A wrong token is refused (403) with nothing read or written. A signature already
 * unsubscribed, or gone (withdrawn, deleted), answers `already_unsubscribed`: it gets no updates
 * either way. Nothing else changes: the newsletter and other petitions' updates are separate.
 */
export async function stop(petitionId: string, signatureId: string, token: string): Promise<"unsubscribed" | "already_unsubscribed"> {
  if (!verifyUpdatesToken(petitionId, signatureId, token)) throw new InvalidUpdatesLink();
  assertPossibleId(petitionId, signatureId);
  try {
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: Keys.signature(petitionId, signatureId),
        UpdateExpression: "SET wantsUpdates = :no, updatesStoppedAt = :at",
        ConditionExpression: "attribute_exists(pk) AND wantsUpdates = :yes",
        ExpressionAttributeValues: { ":no": false, ":yes": true, ":at": new Date().toISOString() },
      }),
    );
  } catch (err) {
    if ((err as Error).name === "ConditionalCheckFailedException") return "already_unsubscribed";
    throw err;
  }
  try {
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: indexKey(petitionId, signatureId),
        UpdateExpression: "REMOVE #u",
        ConditionExpression: "attribute_exists(pk)",
        ExpressionAttributeNames: { "#u": WANTS_UPDATES_ATTRIBUTE },
      }),
    );
  } catch (err) {
    if ((err as Error).name !== "ConditionalCheckFailedException") throw err;
  }
  return "unsubscribed";
}
