import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { settings } from "../../config";
import { db, table } from "../../db/client";
import { isConditionFailure, updateIf } from "../../db/conditional";
import { log } from "../../log";
import type { HeadItem } from "../../mailing/summary";
import { IssueKeys } from "./keys";

/**
 * An issue's share of SES's feedback: its e-mails carry the `issue` tag, and each
 * delivery, bounce and complaint SES reports is counted on the issue. When the bounces or the
 * complaints since the send began (or was last resumed) pass the SES review thresholds
 * (`NEWSLETTER_PAUSE_BOUNCE_RATE`, `NEWSLETTER_PAUSE_COMPLAINT_RATE`), the issue asks to pause: its
 * next batch pauses the send with the reason instead of sending (mailing/batch.ts). Resuming is an
 * administrator's decision, and the rates then count afresh.
 */
export const COUNTED = { Delivery: "delivered", Bounce: "bounced", Complaint: "complained" } as const;
export type Counted = keyof typeof COUNTED;

/** Outcomes (deliveries and bounces) before a rate is judged: the first bounce of a send is not 100 %. */
export const PAUSE_MIN_OUTCOMES = 100;

const n = (item: HeadItem, name: string) => Number(item[name] ?? 0);
const percent = (x: number) => `${(x * 100).toFixed(x < 0.01 ? 2 : 1)} %`;

/** Why the issue's send should pause now, judged on the outcomes since it began or was resumed; undefined while it may go on. */
export function pauseReason(item: HeadItem, s = settings()): string | undefined {
  const delivered = n(item, "delivered") - n(item, "baseDelivered");
  const bounced = n(item, "bounced") - n(item, "baseBounced");
  const complained = n(item, "complained") - n(item, "baseComplained");
  const outcomes = delivered + bounced;
  if (outcomes < PAUSE_MIN_OUTCOMES) return undefined;
  if (bounced / outcomes >= s.NEWSLETTER_PAUSE_BOUNCE_RATE) {
    return `Sending paused: ${bounced} of ${outcomes} e-mails bounced (${percent(bounced / outcomes)}), at or past the ${percent(s.NEWSLETTER_PAUSE_BOUNCE_RATE)} bounce rate at which SES reviews the account. The bounced addresses are suppressed; resume if you decide to send to the rest.`;
  }
  if (delivered > 0 && complained / delivered >= s.NEWSLETTER_PAUSE_COMPLAINT_RATE) {
    return `Sending paused: ${complained} of ${delivered} delivered e-mails were marked as spam (${percent(complained / delivered)}), at or past the ${percent(s.NEWSLETTER_PAUSE_COMPLAINT_RATE)} complaint rate at which SES reviews the account. The complainers are unsubscribed; resume if you decide to send to the rest.`;
  }
  return undefined;
}

/** Counts one SES outcome of an issue's e-mail; asks a send that should stop to pause. (Once per event: the subscriber's once().) */
export async function count(issueId: string, type: Counted): Promise<void> {
  let item: HeadItem | undefined;
  try {
    ({ Attributes: item } = await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: IssueKeys.issue(issueId),
        UpdateExpression: "ADD #field :one",
        ConditionExpression: "attribute_exists(pk)",
        ExpressionAttributeNames: { "#field": COUNTED[type] },
        ExpressionAttributeValues: { ":one": 1 },
        ReturnValues: "ALL_NEW",
      }),
    ));
  } catch (err) {
    // the issue was deleted meanwhile
    if (isConditionFailure(err)) return;
    throw err;
  }
  if (!item || item.status !== "sending" || item.pauseRequested) return;
  const reason = pauseReason(item);
  if (!reason) return;
  const asked = await updateIf({
    Key: IssueKeys.issue(issueId),
    UpdateExpression: "SET pauseRequested = :reason",
    ConditionExpression: "#status = :sending AND attribute_not_exists(pauseRequested)",
    ExpressionAttributeNames: { "#status": "status" },
    ExpressionAttributeValues: { ":reason": reason, ":sending": "sending" },
  });
  if (asked) log.warn("newsletter issue asked to pause: SES feedback past the review thresholds", { issueId });
}
