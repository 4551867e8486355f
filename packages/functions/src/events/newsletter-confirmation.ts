import { Newsletter } from "@site/core/newsletter";
import { EventHandler, once } from "../lib/events";

/** E-mails an unconfirmed subscriber their confirmation link, at most one per address per 24 h. */
export const handler = EventHandler(Newsletter.Events.ConfirmationRequested, async (detail, event) => {
  await once("newsletter-confirmation", event, () => Newsletter.sendConfirmation(detail.email, event.id).then(() => {}));
});
