/**
 * Where SES's sending events arrive: its configuration set's event destination puts each on the
 * account's default EventBridge bus, with this source and these detail types (no imports here: the
 * stacks read them).
 */
export const SES_SOURCE = "aws.ses";
/** The EventBridge detail types of the SES events this site acts on, by the SES event type. */
export const FEEDBACK_DETAIL_TYPES = {
  Bounce: "Email Bounced",
  Complaint: "Email Complaint Received",
  Delivery: "Email Delivered",
  Reject: "Email Rejected",
} as const;
export type FeedbackType = keyof typeof FEEDBACK_DETAIL_TYPES;
/**
 * The tag SES adds to every event with the configuration set the message was sent with. Every
 * stage (and any other app of the account) puts its events on the same default bus: a stage's rule
 * matches its own set only, and its subscriber checks it again.
 */
export const CONFIGURATION_SET_TAG = "ses:configuration-set";

/** The part of an EventBridge pattern that keeps these configuration sets' events (the stage's own). */
export const configurationSetPattern = (names: string[]) => ({ mail: { tags: { [CONFIGURATION_SET_TAG]: names } } });
