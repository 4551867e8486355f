import { Admins } from "@site/core/admins";
import { auditedPerson } from "@site/core/db/person-index";
import { Audit } from "@site/core/audit";
import { Newsletter } from "@site/core/newsletter";
import { SubscriberListing } from "@site/core/newsletter/listing";
import { adminRoute, ok } from "../lib/http";

/**
 * Deletes a subscriber with their index row and unsubscribe lookup: body `{email}` (never the path,
 * which the access log keeps) → `{email}`; audited as `newsletter.subscriber_deleted`. 400 for a
 * malformed e-mail, 404 `Subscriber not found`.
 */
export const handler = adminRoute(async (req) => {
  const removed = await Newsletter.remove(SubscriberListing.emailOf(req.body(SubscriberListing.SubscriberBody)));
  await Audit.record({
    action: "newsletter.subscriber_deleted",
    actor: await Admins.emailOf(req.admin),
    target: `subscriber: ${auditedPerson(removed.emailNormalized)}`,
    rows: 1,
  });
  return ok({ email: removed.emailNormalized });
});
