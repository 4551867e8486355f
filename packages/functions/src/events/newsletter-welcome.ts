import { Mail } from "@site/core/mail";
import { Newsletter } from "@site/core/newsletter";
import { EventHandler, once } from "../lib/events";

/** Welcomes a subscriber who confirmed (spec template 17), as a newsletter e-mail (unsubscribe link and headers); one who left or was deleted meanwhile gets nothing. */
export const handler = EventHandler(Newsletter.Events.Confirmed, async (detail, event) => {
  const sub = await Newsletter.find(detail.email);
  if (sub?.status !== "confirmed" || !sub.unsubscribeToken) return;
  const recipient = { email: sub.email, unsubscribeToken: sub.unsubscribeToken };
  await once("newsletter-welcome", event, () =>
    Mail.send({ kind: "newsletter-welcome", ...Newsletter.newsletterMessage(recipient, Newsletter.welcomeEmail(sub)) }),
  );
});
