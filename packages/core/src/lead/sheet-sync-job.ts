import { LEAD_FORMS, type LeadForm } from "./forms";
import { syncLeads } from "./sheet-tabs";
import { tabSyncJob } from "../sheets/sync-job";

/**
 * "Sync with Google Sheets" on a lead list, as a job (sync-job.ts): one kind per form
 * (`sheets.leads.<form>`), each rewriting its form's tab; audited as `leads.synced` with the form.
 */
const jobs = Object.fromEntries(
  LEAD_FORMS.map((form) => [
    form,
    tabSyncJob({
      kind: `sheets.leads.${form}`,
      sync: (waitMs, progress) => syncLeads(form, waitMs, progress),
      audit: { action: "leads.synced", target: `${form} submissions` },
    }),
  ]),
) as Record<LeadForm, ReturnType<typeof tabSyncJob>>;

export const kindOf = (form: LeadForm) => jobs[form].KIND;

/** Records a queued sync job of the form's tab started by `actor`, with the event that runs it. */
export const request = (form: LeadForm, actor: string) => jobs[form].request(actor);

/** The runner of each lead kind, for the sheets-sync-job subscriber. */
export const RUNNERS: Record<string, (jobId: string) => Promise<unknown>> = Object.fromEntries(
  LEAD_FORMS.map((form) => [jobs[form].KIND, (jobId: string) => jobs[form].run(jobId)]),
);
