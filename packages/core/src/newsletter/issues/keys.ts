import { deliveryKey } from "../../mailing/deliveries";

/**
 * The keys of newsletter issues and their deliveries (docs/data-model.md, "Newsletter issues").
 * Kept beside the module until they join db/keys.ts.
 */
export const IssueKeys = {
  /** An issue's head (subject, status, counts, the send's cursor): every issue in one partition, newest last. */
  issue: (id: string) => ({ pk: "NLISSUES", sk: `ISSUE#${id}` }),
  issuesPartition: "NLISSUES",
  issuePrefix: "ISSUE#",
  /** Its Markdown (up to 100 KB), apart so the history never reads it. */
  body: (id: string) => ({ pk: `NLISSUE#${id}`, sk: "BODY" }),
  /**
   * One subscriber's copy of one issue, claimed before it is sent: the "never twice" guard. Keyed by
   * the SHA-256 of the address, so a year of delivery records holds no one's e-mail.
   */
  delivery: (issueId: string, emailNormalized: string) => deliveryKey(IssueKeys.deliveryPartition(issueId), emailNormalized),
  deliveryPartition: (issueId: string) => `NLDELIVERY#${issueId}`,
};
