import { Admins } from "@site/core/admins";
import { auditedPerson } from "@site/core/db/person-index";
import { Audit } from "@site/core/audit";
import { Newsletter } from "@site/core/newsletter";
import { SubscriberListing } from "@site/core/newsletter/listing";
import { adminRoute, ok } from "../lib/http";

/**
 * An administrator unsubscribes someone (e.g. who asked by letter): body `{email}` (never the path,
 * which the access log keeps) → `{email, result: "unsubscribed" | "already_unsubscribed"}`; a change
 * is audited as `newsletter.unsubscribed`. 400 for a malformed e-mail, 404 `Subscriber not found`.
 */
export const handler = adminRoute(async (req) => {
  const email = SubscriberListing.emailOf(req.body(SubscriberListing.SubscriberBody));
  const result = await Newsletter.unsubscribeByAdmin(email);
  if (result === "unsubscribed") {
    await Audit.record({ action: "newsletter.unsubscribed", actor: await Admins.emailOf(req.admin), target: `subscriber: ${auditedPerson(email)}`, rows: 1 });
  }
  return ok({ email, result });
});
