import { Mail } from "@site/core/mail";
import { Newsletter } from "@site/core/newsletter";
import { EventHandler, once } from "../lib/events";

/** Welcomes a subscriber who confirmed (spec template 17); one who left or was deleted meanwhile gets nothing. */
export const handler = EventHandler(Newsletter.Events.Confirmed, async (detail, event) => {
  const sub = await Newsletter.find(detail.email);
  if (sub?.status !== "confirmed") return;
  await once("newsletter-welcome", event, () => Mail.send({ to: [sub.email], ...Newsletter.welcomeEmail(sub) }));
});
