import { sendLink } from "./link";
import { sendStatusChange } from "./updates";

/**
 * How the paced mail queue's drain sends this room's deliveries (mail-drain/deliveries.ts spreads
 * them into its DELIVERIES). Neither is form mail: the link goes only to the address the report
 * already holds, and a status change follows an administrator's decision.
 */
export const REPORT_STATUS_DELIVERIES = {
  "report-status-link": { formMail: false, deliver: (ref: Record<string, string>) => sendLink(ref.reportId) },
  "report-status-change": { formMail: false, deliver: (ref: Record<string, string>) => sendStatusChange(ref) },
};
