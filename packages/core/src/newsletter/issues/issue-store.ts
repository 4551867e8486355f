import { GetCommand, QueryCommand, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { cancellationCodes } from "../../db/cancellation";
import { db, table } from "../../db/client";
import { NotFoundError, VisibleError } from "../../util/error";
import { sortableId } from "../../util/id";
import { IssueId, type Issue, type IssueContent, type IssueList, type IssueStatus, type IssueSummary } from "./input";
import { IssueKeys } from "./keys";

/**
 * Issues as drafts: create, read, change and delete while nothing has been sent. The head item
 * (`NLISSUES` / `ISSUE#<id>`) carries what the history shows and the send's state; the body item
 * (`NLISSUE#<id>` / `BODY`) the Markdown. sending.ts moves an issue on from draft.
 */

export class IssueNotFound extends NotFoundError {
  constructor() {
    super("newsletter.issue_not_found", "Issue not found");
  }
}

const NOT_EDITABLE: Record<Exclude<IssueStatus, "draft">, string> = {
  sending: "This issue is being sent and can no longer be changed",
  paused: "This issue has been partly sent and can no longer be changed",
  sent: "This issue has been sent and can no longer be changed",
};

export class IssueNotDraft extends VisibleError {
  constructor(status: Exclude<IssueStatus, "draft">) {
    super(409, "newsletter.issue_not_draft", NOT_EDITABLE[status]);
  }
}

/** What a send still "sending" past its lease reads as: nothing is moving it on (a crash, lost events). */
export const STOPPED_REASON = "Sending stopped unexpectedly (the sender crashed or timed out). Resume to continue.";

export type HeadItem = Record<string, unknown>;

/** The head as the console sees it; a send whose lease ran out shows as paused so it can be resumed. */
export function summaryOf(item: HeadItem, now = Date.now()): IssueSummary {
  const stalled = item.status === "sending" && Number(item.leaseUntil) < now;
  const optional = (name: string) => (typeof item[name] === "string" && item[name] !== "" ? { [name]: item[name] as string } : {});
  return {
    id: String(item.id),
    subject: String(item.subject),
    status: stalled ? "paused" : (item.status as IssueStatus),
    createdAt: String(item.createdAt),
    createdBy: String(item.createdBy),
    updatedAt: String(item.updatedAt),
    ...optional("startedAt"),
    ...optional("startedBy"),
    ...optional("sentAt"),
    audience: typeof item.audience === "number" ? item.audience : null,
    counts: { recipients: Number(item.recipients ?? 0), sent: Number(item.sent ?? 0), failed: Number(item.failed ?? 0) },
    feedback: { delivered: Number(item.delivered ?? 0), bounced: Number(item.bounced ?? 0), complained: Number(item.complained ?? 0) },
    ...(stalled ? { pausedReason: STOPPED_REASON } : optional("pausedReason")),
    // a send waiting for the mail budget (sending.ts): until when, and why
    ...(!stalled && item.status === "sending" && Number(item.waitingUntil) > now
      ? { waitingUntil: new Date(Number(item.waitingUntil)).toISOString(), ...optional("waitingReason") }
      : {}),
    ...optional("jobId"),
  };
}

/** Refuses, as not found, an id no issue can have (DynamoDB would refuse a key over 2 KB with a 500). */
export function checkId(id: string): void {
  if (!IssueId.safeParse(id).success) throw new IssueNotFound();
}

/** The head item, read consistently; IssueNotFound for an id no issue can have or has. */
export async function head(id: string): Promise<HeadItem> {
  checkId(id);
  const res = await db().send(new GetCommand({ TableName: table(), Key: IssueKeys.issue(id), ConsistentRead: true }));
  if (!res.Item) throw new IssueNotFound();
  return res.Item;
}

export async function body(id: string): Promise<string> {
  const res = await db().send(new GetCommand({ TableName: table(), Key: IssueKeys.body(id), ConsistentRead: true }));
  if (!res.Item) throw new IssueNotFound();
  return String(res.Item.body);
}

export async function get(id: string): Promise<Issue> {
  const [item, text] = await Promise.all([head(id), body(id)]);
  return { ...summaryOf(item), body: text };
}

export async function create(input: IssueContent, actor: string): Promise<Issue> {
  const id = sortableId();
  const now = new Date().toISOString();
  const item = {
    ...IssueKeys.issue(id),
    type: "newsletterIssue",
    id,
    subject: input.subject,
    status: "draft",
    createdAt: now,
    createdBy: actor,
    updatedAt: now,
    updatedBy: actor,
    recipients: 0,
    sent: 0,
    failed: 0,
  };
  await db().send(
    new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: table(), Item: item, ConditionExpression: "attribute_not_exists(pk)" } },
        { Put: { TableName: table(), Item: { ...IssueKeys.body(id), type: "newsletterIssueBody", id, body: input.body } } },
      ],
    }),
  );
  return { ...summaryOf(item), body: input.body };
}

/** Replaces a draft's subject and body; refused (409) once sending has begun. */
export async function update(id: string, input: IssueContent, actor: string): Promise<Issue> {
  checkId(id);
  const now = new Date().toISOString();
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: table(),
              Key: IssueKeys.issue(id),
              UpdateExpression: "SET subject = :subject, updatedAt = :now, updatedBy = :actor",
              ConditionExpression: "#status = :draft",
              ExpressionAttributeNames: { "#status": "status" },
              ExpressionAttributeValues: { ":subject": input.subject, ":now": now, ":actor": actor, ":draft": "draft" },
            },
          },
          { Put: { TableName: table(), Item: { ...IssueKeys.body(id), type: "newsletterIssueBody", id, body: input.body } } },
        ],
      }),
    );
  } catch (err) {
    if (cancellationCodes(err)[0] === "ConditionalCheckFailed") await refuseUnlessDraft(id);
    throw err;
  }
  return get(id);
}

/** Deletes a draft (head and body); refused (409) once sending has begun. */
export async function remove(id: string): Promise<IssueSummary> {
  const item = await head(id);
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: table(),
              Key: IssueKeys.issue(id),
              ConditionExpression: "#status = :draft",
              ExpressionAttributeNames: { "#status": "status" },
              ExpressionAttributeValues: { ":draft": "draft" },
            },
          },
          { Delete: { TableName: table(), Key: IssueKeys.body(id) } },
        ],
      }),
    );
  } catch (err) {
    if (cancellationCodes(err)[0] === "ConditionalCheckFailed") await refuseUnlessDraft(id);
    throw err;
  }
  return summaryOf(item);
}

/** Throws what a change of a non-draft (or vanished) issue answers; returns when it is a draft after all. */
export async function refuseUnlessDraft(id: string): Promise<void> {
  const item = await head(id);
  const status = summaryOf(item).status;
  if (status !== "draft") throw new IssueNotDraft(status);
}

/** The history, newest first. */
export async function list(query: { limit: number; before?: string }): Promise<IssueList> {
  const res = await db().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: query.before ? "pk = :pk AND sk BETWEEN :prefix AND :before" : "pk = :pk AND begins_with(sk, :prefix)",
      ExpressionAttributeValues: {
        ":pk": IssueKeys.issuesPartition,
        ":prefix": IssueKeys.issuePrefix,
        ...(query.before ? { ":before": `${IssueKeys.issuePrefix}${query.before}` } : {}),
      },
      ScanIndexForward: false,
      ConsistentRead: true,
      // one more than asked tells whether there is a next page; BETWEEN includes `before` itself
      Limit: query.limit + 1 + (query.before ? 1 : 0),
    }),
  );
  const items = (res.Items ?? []).filter((i) => i.id !== query.before).map((i) => summaryOf(i));
  const page = items.slice(0, query.limit);
  return { items: page, ...(items.length > query.limit ? { next: page.at(-1)!.id } : {}) };
}
