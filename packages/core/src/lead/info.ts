import type { MetaDetails } from "../request/meta-details";
import type { LeadForm } from "./forms";

/** A submission as stored and as subscribers and the admin side read it: a pure type, so its readers import no AWS side. */
export interface Info {
  /** a sortable id */
  id: string;
  form: LeadForm;
  fullName: string;
  email: string;
  newsletterConsent: boolean;
  /** the same shape as signatures' and reports', for all four forms */
  meta: MetaDetails;
  /** MM/DD/YYYY and HH:mm:ss (24-hour) in New York, the spec's created_date and created_time */
  createdDate: string;
  createdTime: string;
  /** ISO UTC */
  createdAt: string;
}
