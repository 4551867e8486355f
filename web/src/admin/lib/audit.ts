/** Human wording for audit trail actions. */
const ACTIONS: Record<string, string> = {
  "petition.goal_changed": "Changed a petition goal",
  "petition.verification_changed": "Turned a petition's signature verification on or off",
  "petition.milestones_changed": "Changed a petition's milestones",
  "petition.update_send_started": "Started sending a petition update to its signers",
  "petition.update_resumed": "Resumed sending a petition update",
  "petition.update_sent": "Sent a petition update to its signers",
  "petition.deleted": "Deleted a petition",
  "petition.created": "Created a petition",
  "signature.deleted": "Deleted a signature",
  "signature.withdrawn": "A signer withdrew their signature",
  "signatures.deleted_all": "Deleted all signatures",
  "signatures.exported": "Exported signatures",
  "signatures.delivery_pack": "Made a petition's delivery pack (PDF)",
  "export.downloaded": "Downloaded an export or a delivery pack",
  "signatures.synced": "Synced signatures to the sheet",
  "report.status_changed": "Changed a scam report's status",
  "report.deleted": "Deleted a scam report",
  "reports.deleted_all": "Deleted all scam reports",
  "reports.exported": "Exported scam reports",
  "reports.synced": "Synced scam reports to the sheet",
  "reports.searched": "Searched the text of every scam report",
  "lead.deleted": "Deleted a guide request",
  "leads.deleted_all": "Deleted all requests of a guide",
  "leads.exported": "Exported guide requests",
  "leads.synced": "Synced guide requests to the sheet",
  "newsletter.exported": "Exported newsletter subscribers",
  "newsletter.unsubscribed": "Unsubscribed a newsletter subscriber",
  "newsletter.subscriber_deleted": "Deleted a newsletter subscriber",
  "newsletter.issue_deleted": "Deleted a newsletter draft",
  "newsletter.issue_send_started": "Started sending a newsletter issue",
  "newsletter.issue_resumed": "Resumed sending a newsletter issue",
  "newsletter.issue_sent": "Sent a newsletter issue",
  "newsletter.test_sent": "Sent a newsletter test e-mail",
  "mail.suppression_lifted": "Lifted an address's e-mail suppression",
  "mail.breaker_resumed": "Resumed visitor e-mail after the feedback breaker paused it",
  "mail.domain_allowed": "Allowed a domain's or a network's e-mail and sent what was held for it",
  "mail.held_discarded": "Discarded the e-mail held for a domain or a network",
  "cases.pack": "Made a case pack for an authority",
  "case.created": "Confirmed a proposed link as a new case",
  "case.reports_added": "Added proposed reports to a case",
  "case.proposal_dismissed": "Dismissed a proposed link between reports",
  "case.merged": "Merged a case into another",
  "case.split": "Split reports out of a case into a new one",
  "case.status_changed": "Changed a case's status",
  "case.assigned": "Assigned a case",
  "case.retitled": "Renamed a case",
  "case.note_added": "Added a note to a case",
  "scam_alert.published": "Published a scam alert",
  "scam_alert.updated": "Changed a scam alert",
};

export function auditActionLabel(action: string): string {
  return ACTIONS[action] ?? action;
}

/** A short note for entries whose operation has not finished (or stopped midway); none once completed. */
export function auditStatusNote(status: string | undefined): string | null {
  return status === "running" ? "Not finished" : null;
}
