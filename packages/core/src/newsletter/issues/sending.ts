import { Mailings, type SendStarted } from "../../mailing";
import { head } from "./issue-store";
import { newsletterMailing } from "./newsletter-mailing";

/**
 * Sending a newsletter issue to every confirmed subscriber: the mailing machinery (mailing/), which a
 * petition's updates share, begun from a draft.
 */

/** The job kind of a newsletter send's (or resume's) progress. */
export const JOB_KIND = newsletterMailing.jobKind;

/** Begins sending a draft to the subscribers confirmed now → 202's `{jobId, issue}`. */
export async function start(id: string, actor: string): Promise<SendStarted> {
  const item = await head(id);
  if (Mailings.summaryOf(item).status !== "draft") throw new Mailings.CannotSend(Mailings.summaryOf(item).status);
  return Mailings.beginRun(newsletterMailing, { id }, item, actor, {
    cursor: "",
    update:
      "SET #status = :sending, #run = :run, #cursor = :start, startedAt = :at, startedBy = :actor, jobId = :job, leaseUntil = :lease, " +
      "recipients = :zero, sent = :zero, failed = :zero REMOVE audience, pausedReason",
    condition: "#status = :draft",
    values: { ":draft": "draft", ":start": "", ":zero": 0 },
    audit: "started",
  });
}

/** Continues a paused newsletter send from its cursor, as a new run with a new job → 202's `{jobId, issue}`. */
export const resume = (id: string, actor: string) => Mailings.resume(newsletterMailing, { id }, actor);

/**
 * One batch of a newsletter send (the newsletter-issue-batch subscriber). An event of another run, or for a
 * cursor the issue has moved past (a redelivery), does nothing.
 */
export const runBatch = (detail: { issueId: string; run: string; cursor: string }) => Mailings.runBatch(newsletterMailing, detail);
