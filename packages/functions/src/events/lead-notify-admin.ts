import { adminRecipients } from "@site/core/config";
import { Lead } from "@site/core/lead";
import { adminNotification } from "@site/core/lead/emails";
import { Mail } from "@site/core/mail";
import { EventHandler, once } from "../lib/events";

/** Tells the administrators about a submission, per form (spec templates 13 to 16). A submission deleted meanwhile is not announced. */
export const handler = EventHandler(Lead.Events.Created, async (detail, event) => {
  const to = adminRecipients();
  if (to.length === 0) return;
  const lead = await Lead.find(detail.leadId, detail.form);
  if (!lead) return;
  await once("lead-notify-admin", event, () => Mail.send({ kind: "admin-notice", to, ...adminNotification(lead) }));
});
