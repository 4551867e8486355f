import { Cases } from "../cases";
import { PUBLIC_STATUS_LABELS, isCaseStatus } from "../cases/status";
import { Mail } from "../mail";
import { MailQueue } from "../mail-queue";
import { statusChangeEmail } from "./emails";
import { storedReport } from "./stored";
import { unsubscribeHeaders, unsubscribePageUrl } from "./unsubscribe";

/**
 * The e-mail to each reporter who asked for updates when their report's case changes status
 * (`case.status-changed`, published by the cases room). The subscriber lists the case's members
 * (their summaries say who asked) and enqueues one delivery per report on the paced mail queue;
 * each delivery's identity is the event's id and the report's, so a redelivered event, or the
 * subscriber run twice, sends each reporter one e-mail (mail-queue/sent.ts). The drain reads the
 * report before it sends: erased, stopped (one-click unsubscribe), or moved to another case
 * meanwhile, it gets nothing. Suppressed addresses are left out by the mailer itself (mail/index.ts).
 */

/** The mail queue's delivery kind (mail-queue/lanes.ts `visitor`). */
export const CHANGE_DELIVERY = "report-status-change";

/** One delivery per event and report: what makes a second enqueue of it the same e-mail. */
export const deliveryId = (eventId: string, reportId: string) => `${eventId}.${reportId}`;

/** Enqueues the e-mails of one status change; answers how many. */
export async function onCaseStatusChanged(detail: { caseId: string; status: string }, eventId: string): Promise<number> {
  if (!isCaseStatus(detail.status)) return 0;
  const asked = (await Cases.members(detail.caseId)).filter((m) => m.wantUpdates);
  await MailQueue.enqueueMany(
    asked.map((m) => ({
      kind: CHANGE_DELIVERY,
      eventId: deliveryId(eventId, m.reportId),
      ref: { reportId: m.reportId, caseId: detail.caseId, status: detail.status },
    })),
  );
  return asked.length;
}

/** The drain's send of one delivery. */
export async function sendStatusChange(ref: Record<string, string>): Promise<void> {
  const found = await storedReport(ref.reportId);
  if (!found || found.stopped || !found.report.wantUpdates || !found.report.reporter.email) return;
  // taken out of this case (split, removed, or its case merged) after the change: this news is not its own any more
  if (found.caseId !== ref.caseId) return;
  if (!isCaseStatus(ref.status)) return;
  const message = statusChangeEmail({
    reference: found.report.reference,
    status: PUBLIC_STATUS_LABELS[ref.status],
    unsubscribePage: unsubscribePageUrl(found.report.id),
    headers: unsubscribeHeaders(found.report.id),
  });
  await Mail.send({ kind: CHANGE_DELIVERY, to: [found.report.reporter.email], ...message });
}
