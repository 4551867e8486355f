import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { db, table } from "../db/client";
import { VisibleError } from "../util/error";
import type { Mailing, MailingRef } from "./definition";
import type { HeadItem, MailingStatus } from "./summary";

export class CannotSend extends VisibleError {
  constructor(status: MailingStatus) {
    const messages: Record<MailingStatus, string> = {
      draft: "This issue has not been sent yet: send it instead",
      sending: "This issue is being sent",
      paused: "This issue is paused: resume it to send the rest",
      sent: "This issue has already been sent",
    };
    super(409, "newsletter.issue_cannot_send", messages[status]);
  }
}

/** The audit trail's name of a mailing: its subject, and its id (a petition update's with its petition). */
export const target = (item: HeadItem) => `"${String(item.subject)}" (${item.petitionId ? `${String(item.petitionId)}/` : ""}${String(item.id)})`;

/** A mailing's head, read consistently (the kind's own read where it has one: the newsletter's knows its ids). */
export async function headOf(mailing: Mailing, ref: MailingRef): Promise<HeadItem> {
  if (mailing.readHead) return mailing.readHead(ref);
  const res = await db().send(new GetCommand({ TableName: table(), Key: mailing.head(ref), ConsistentRead: true }));
  if (!res.Item) throw new Error(`mailing head missing: ${JSON.stringify(ref)}`);
  return res.Item;
}

export async function bodyOf(mailing: Mailing, ref: MailingRef): Promise<string> {
  const res = await db().send(new GetCommand({ TableName: table(), Key: mailing.body(ref), ConsistentRead: true }));
  if (!res.Item) throw new Error(`mailing body missing: ${JSON.stringify(ref)}`);
  return String(res.Item.body);
}
