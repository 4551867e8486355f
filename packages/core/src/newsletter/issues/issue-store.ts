import { GetCommand, QueryCommand, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { db, table } from "../../db/client";
import { transactIf } from "../../db/transact-if";
import { summaryOf, type HeadItem } from "../../mailing/summary";
import { NotFoundError, VisibleError } from "../../util/error";
import { sortableId } from "../../util/id";
import { IssueId, type Issue, type IssueContent, type IssueList, type IssueStatus, type IssueSummary } from "./input";
import { IssueKeys } from "./keys";

/**
 * Issues as drafts: create, read, change and delete while nothing has been sent. The head item
 * (`NLISSUES` / `ISSUE#<id>`) carries what the history shows and the send's state; the body item
 * (`NLISSUE#<id>` / `BODY`) the Markdown. sending.ts moves an issue on from draft; its head is a
 * mailing's (mailing/summary.ts).
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
  await transactIf(
    [
      {
        Update: {
          Key: IssueKeys.issue(id),
          UpdateExpression: "SET subject = :subject, updatedAt = :now, updatedBy = :actor",
          ...whileDraft,
          ExpressionAttributeValues: { ":subject": input.subject, ":now": now, ":actor": actor, ":draft": "draft" },
        },
      },
      { Put: { Item: { ...IssueKeys.body(id), type: "newsletterIssueBody", id, body: input.body } } },
    ],
    refusedUnlessDraft(id),
  );
  return get(id);
}

/** Deletes a draft (head and body); refused (409) once sending has begun. */
export async function remove(id: string): Promise<IssueSummary> {
  const item = await head(id);
  await transactIf(
    [{ Delete: { Key: IssueKeys.issue(id), ...whileDraft, ExpressionAttributeValues: { ":draft": "draft" } } }, { Delete: { Key: IssueKeys.body(id) } }],
    refusedUnlessDraft(id),
  );
  return summaryOf(item);
}

const whileDraft = { ConditionExpression: "#status = :draft", ExpressionAttributeNames: { "#status": "status" } };

/** A change refused by its draft condition answers what `refuseUnlessDraft` throws; any other failure is rethrown as it was. */
const refusedUnlessDraft = (id: string) => async (reasons: (string | undefined)[]) => {
  if (reasons[0] === "ConditionalCheckFailed") await refuseUnlessDraft(id);
  return false;
};

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
