import type { ClaimedEvidence, EvidencePurpose } from "../evidence";
import type { MetaDetails } from "../request/meta-details";
import type { ReportSubmission } from "./input";
import type { Status } from "./status";

/** An evidence file as the report keeps it: where it is in the bucket, never a URL. */
export interface StoredEvidence extends ClaimedEvidence {
  purpose: EvidencePurpose;
}

/** The report as stored and as subscribers and the admin side read it. */
export interface Info {
  id: string;
  /** What the reporter can quote: "TSR-7K3M-9QX2". */
  reference: string;
  status: Status;
  reporter: ReportSubmission["reporter"];
  scamTypes: ReportSubmission["scamTypes"];
  contactMethods: ReportSubmission["contactMethods"];
  moneyLost: boolean;
  /** Whole US dollars, only when money was lost. */
  amountLost?: number;
  /** "YYYY-MM-DD", US Eastern. */
  dateOccurred: string;
  scammer: ReportSubmission["scammer"];
  evidence: StoredEvidence[];
  reportedElsewhere: boolean;
  reportedTo?: string;
  wantUpdates: boolean;
  /** ticked on the wizard's last step: an anonymised summary may count toward a public scam alert (absent on older reports: no) */
  publishConsent?: boolean;
  /** the case it is in (packages/core/src/cases), set by an administrator's decision; an attribute of the item, not of `body` */
  caseId?: string;
  meta: MetaDetails;
  /** MM/DD/YYYY and HH:mm:ss in New York, as the spec's created_date and created_time. */
  createdDate: string;
  createdTime: string;
  createdAt: string;
}
