import { Lead } from "@site/core/lead";
import { guideDelivery } from "@site/core/lead/emails";
import { Mail } from "@site/core/mail";
import { mailNetworkOf } from "@site/core/util/client-address";
import { EventHandler, once } from "../lib/events";

/** Sends the visitor the guide they asked for (spec templates 10 to 12): a link to its PDF. A submission deleted meanwhile gets nothing. */
export const handler = EventHandler(Lead.Events.Created, async (detail, event) => {
  const lead = await Lead.find(detail.leadId, detail.form);
  if (!lead) return;
  await once("lead-guide-email", event, () =>
    // one key per submission, so a retry or re-delivery of this e-mail is not refused by its own claim
    // (the network that sent the form: the domain brake counts its e-mails too)
    Mail.sendToVisitor(
      { to: [lead.email], network: mailNetworkOf(lead.meta.ipAddress), ...guideDelivery(lead) },
      { key: `lead-guide:${lead.id}`, kind: `guide:${lead.form}` },
    ).then(() => {}),
  );
});
