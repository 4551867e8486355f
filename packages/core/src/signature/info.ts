import type { MetaDetails } from "../request/meta-details";

/**
 * `pending` until the signer confirms from the e-mailed link (petitions that verify signatures), then
 * `verified` (with `verifiedAt`); on a petition that does not verify, `unverified`: counted, its
 * mailbox never confirmed. A signature stored before statuses existed has none: counted, unverified.
 * (Signatures stored as `verified` on petitions that did not verify, before `unverified` existed, keep
 * that word in their item; the delivery pack and the public count ask the petition, docs/architecture.md.)
 */
export const STATUSES = ["pending", "verified", "unverified"] as const;
export type Status = (typeof STATUSES)[number];

/** A signature as stored and as subscribers and the admin side read it: a pure type, so its readers import no AWS side. */
export interface Info {
  id: string;
  petitionId: string;
  firstName: string;
  lastName: string;
  email: string;
  timeshareName?: string;
  newsletterConsent: boolean;
  newsletterConsentAt?: string;
  /** ticked "Tell me how this petition does": milestone and outcome e-mails; false once they unsubscribe from this petition's updates */
  wantsUpdates?: boolean;
  /** when they unsubscribed from this petition's updates */
  updatesStoppedAt?: string;
  meta: MetaDetails;
  createdDate: string;
  createdTime: string;
  createdAt: string;
  /** absent on signatures stored before statuses existed: counted */
  status?: Status;
  verifiedAt?: string;
}
