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
