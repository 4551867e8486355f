import { Lead } from "@site/core/lead";
import { Newsletter } from "@site/core/newsletter";
import { mailNetworkOf } from "@site/core/util/client-address";
import { EventHandler } from "../lib/events";

/** Subscribes only visitors who ticked the consent box when they pressed submit; subscribe is idempotent. */
export const handler = EventHandler(Lead.Events.Created, async (detail) => {
  const lead = await Lead.find(detail.leadId, detail.form);
  if (!lead?.newsletterConsent) return;
  await Newsletter.subscribe({
    email: lead.email,
    name: lead.fullName,
    consentAt: lead.createdAt,
    source: `lead:${lead.form}`,
    network: mailNetworkOf(lead.meta.ipAddress),
  });
});
