import { z } from "zod";
import { event } from "../bus";

/** Newsletter events carry the subscriber's normalised e-mail, its key; subscribers read the rest. */
export const Events = {
  /** A consent left the subscriber unconfirmed: the newsletter-confirmation subscriber may e-mail a link. */
  // (`network`: the network of the form that asked for it, which the mail brake counts: mail/domain-brake.ts)
  ConfirmationRequested: event("newsletter.confirmation_requested", z.object({ email: z.string().min(1), network: z.string().optional() })),
  /** The subscriber confirmed: the newsletter-welcome subscriber sends the welcome e-mail. */
  Confirmed: event("newsletter.confirmed", z.object({ email: z.string().min(1) })),
};
