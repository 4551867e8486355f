export * as Newsletter from "./index";

/**
 * The newsletter's list of record: one subscriber per normalised e-mail holding every
 * consent, with double opt-in. `subscribe` records a consent; an unconfirmed subscriber is sent a
 * confirmation link (`sendConfirmation`, after `newsletter.confirmation_requested`) and `confirm`
 * turns the link's token into a confirmed subscriber (`newsletter.confirmed` → the welcome e-mail).
 */
export { Events } from "./events";
export { subscribe, subscribeConfirmed, type Subscription, type SubscribeResult } from "./subscribe";
export { markSuppressed } from "./suppressed";
export { find, isExpired, STATUSES, UNCONFIRMED_TTL_SECONDS, type Consent, type Status, type Subscriber } from "./subscriber";
export { mutate, subscriberItem, subscriberItems, type Decision } from "./store";
export {
  unsubscribeByToken,
  resubscribeByToken,
  unsubscribeByAdmin,
  remove,
  erase,
  InvalidUnsubscribeLink,
  UnknownSubscriber,
  RESUBSCRIBE_SOURCE,
  type UnsubscribeResult,
} from "./unsubscribe";
export { sendDigest, digestEmail, confirmedBetween, DIGEST_LAG_MS, type DigestResult } from "./digest";
export { newsletterMessage, unsubscribeHeaders, unsubscribePageUrl, oneClickUrl, ONE_CLICK_BODY, type Recipient } from "./list-mail";
export { confirm, sendConfirmation, InvalidConfirmation, CONFIRMATION_EMAIL_WINDOW_MS, TOKEN_VALID_SECONDS, type ConfirmResult } from "./confirmation";
export { confirmationEmail, confirmationUrl, welcomeEmail } from "./emails";

import { z } from "zod";

/** POST /api/newsletter/confirm's body. */
export const ConfirmInput = z.object({ token: z.string().max(200) });

export const CONFIRM_RATE_SCOPE = "newsletter-confirm";

/** POST /api/newsletter/unsubscribe and /resubscribe: the token of the e-mail's link (also accepted as `?token=` for the one-click POST). */
export const UnsubscribeInput = z.object({ token: z.string().max(200) });

export const UNSUBSCRIBE_RATE_SCOPE = "newsletter-unsubscribe";
