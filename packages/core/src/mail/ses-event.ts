import { z } from "zod";

const Recipient = z.object({ emailAddress: z.string() }).passthrough();

/** The SES event (the `detail` of its EventBridge event), the fields we read. */
export const SesEvent = z
  .object({
    eventType: z.enum(["Bounce", "Complaint", "Delivery", "Reject"]),
    mail: z
      .object({
        messageId: z.string(),
        timestamp: z.string().optional(),
        destination: z.array(z.string()).default([]),
        tags: z.record(z.string(), z.array(z.string())).optional(),
      })
      .passthrough(),
    bounce: z
      .object({
        bounceType: z.enum(["Permanent", "Transient", "Undetermined"]),
        bounceSubType: z.string().optional(),
        bouncedRecipients: z.array(Recipient),
        timestamp: z.string().optional(),
      })
      .passthrough()
      .optional(),
    complaint: z
      .object({
        complainedRecipients: z.array(Recipient),
        timestamp: z.string().optional(),
        complaintFeedbackType: z.string().optional(),
      })
      .passthrough()
      .optional(),
    delivery: z
      .object({ recipients: z.array(z.string()), timestamp: z.string().optional() })
      .passthrough()
      .optional(),
    reject: z.object({ reason: z.string().optional() }).passthrough().optional(),
  })
  .passthrough();
export type SesEvent = z.output<typeof SesEvent>;
