import { adminRecipients } from "@site/core/config";
import { Lead } from "@site/core/lead";
import { adminNotification } from "@site/core/lead/emails";
import { Mail } from "@site/core/mail";
import { NoticeDigest } from "@site/core/mail/notice-digest";
import { EventHandler, once } from "../lib/events";

/** Tells the administrators about a submission, per form (spec templates 13 to 16). A submission deleted meanwhile is not announced. */
export const handler = EventHandler(Lead.Events.Created, async (detail, event) => {
  const to = adminRecipients();
  if (to.length === 0) return;
  const lead = await Lead.find(detail.leadId, detail.form);
  if (!lead) return;
  // past the hour's allowance, the hour's digest tells of it instead (NoticeDigest.sendDue, with the mail drain)
  await once("lead-notify-admin", event, async () => {
    if (await NoticeDigest.admit("lead")) await Mail.send({ kind: "admin-notice", to, ...adminNotification(lead) });
  });
});
