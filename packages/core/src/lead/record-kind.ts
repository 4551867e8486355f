import { Keys } from "../db/keys";
import { COUNTED_KIND_LABELS, removedNow, type PersonalRecordKind, type SheetTab } from "../policy/personal-record";
import * as SyncJobs from "./sheet-sync-job";
import { syncLeadsSoon } from "./sheet-tabs";
import { idTime } from "../util/id";
import { LeadAdmin } from "./admin";
import { LEAD_FORMS, LEAD_FORM_INFO, isLeadForm, leadSheetTabId } from "./forms";
import { Lead, LeadNotFound } from "./index";
import { leads } from "./listing";
import { retentionStep } from "./retention";

/** Guide submissions (all four forms) as a kind of personal record (policy/personal-record.ts; listed in privacy/kinds.ts). */
export const leadKind: PersonalRecordKind = {
  kind: "lead",
  label: COUNTED_KIND_LABELS.lead.one,
  counted: "lead",
  erasure: "with the person",
  madeAt: (key) => idTime(Keys.leadOf(key)),
  async remove(key) {
    const id = Keys.leadOf(key);
    const lead = id ? await Lead.find(id) : undefined;
    if (!lead) return undefined;
    return (await removedNow(() => LeadAdmin.remove(lead.form, lead.id), LeadNotFound)) ? { tabs: [leadSheetTabId(lead.form)] } : undefined;
  },
  describe: async (items) =>
    items.map((item) => {
      const form = String(item.form);
      return `Request for "${isLeadForm(form) ? LEAD_FORM_INFO[form].documentTitle : form}"`;
    }),
  retention: { rule: "deleted", after: "SUBMISSION_RETENTION_YEARS after the request", run: retentionStep },
  collection: leads,
  sheetTabs: LEAD_FORMS.map((form): SheetTab => ({
    id: leadSheetTabId(form),
    syncSoon: () => syncLeadsSoon(form),
    job: { KIND: SyncJobs.kindOf(form), run: SyncJobs.RUNNERS[SyncJobs.kindOf(form)] },
  })),
};
