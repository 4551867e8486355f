import { LEAD_FORMS, LEAD_FORM_INFO, type LeadForm } from "./forms";
import { leads } from "./listing";
import { LEAD_CSV_COLUMNS, leadCells } from "./sheet-columns";
import { cellsOf, tabSync, type SyncProgress, type SyncResult, type TabSync } from "../sheets/tab-sync";

/**
 * One spreadsheet tab per free-guide form (tab names: LEAD_FORM_INFO[form].sheetTab), each every
 * submission of its form, newest first, with the CSV export's columns, read consistently from the
 * form's index partitions: a sync after a submission needs no wait.
 */
const tabs = Object.fromEntries(
  LEAD_FORMS.map((form) => [
    form,
    tabSync({
      tab: LEAD_FORM_INFO[form].sheetTab,
      header: LEAD_CSV_COLUMNS,
      rows: async () => cellsOf(await leads.selection({ form }), leadCells),
      settleMs: 0,
    }),
  ]),
) as Record<LeadForm, TabSync>;

export const leadTab = (form: LeadForm) => LEAD_FORM_INFO[form].sheetTab;

/** The administrator's sync of a form's tab (a job): runs now, after a sync already running on it, waiting up to `waitMs`. */
export const syncLeads = (form: LeadForm, waitMs: number, progress?: SyncProgress): Promise<SyncResult> => tabs[form].now(waitMs, progress);

/** After a submission: one sync of its form's tab per burst; undefined when a sync already scheduled covers it. */
export const syncLeadsSoon = (form: LeadForm): Promise<SyncResult | undefined> => tabs[form].soon();
