import { kindTab, type KindTab } from "../sheets/kind-tab";
import { cellsOf } from "../sheets/tab-sync";
import { LEAD_FORMS, LEAD_FORM_INFO, leadSheetTabId, type LeadForm } from "./forms";
import { leads } from "./listing";
import { LEAD_CSV_COLUMNS, leadCells } from "./record";

/**
 * One spreadsheet tab per free-guide form (tab names: LEAD_FORM_INFO[form].sheetTab), each every
 * submission of its form, newest first, with the CSV export's columns, read consistently from the
 * form's index partitions: a sync after a submission needs no wait. "Sync with Google Sheets" on a
 * form's list runs its tab's job (`sheets.leads.<form>`).
 */
export const leadTabs = Object.fromEntries(
  LEAD_FORMS.map((form) => [
    form,
    kindTab({
      id: leadSheetTabId(form),
      tab: LEAD_FORM_INFO[form].sheetTab,
      header: LEAD_CSV_COLUMNS,
      rows: async () => cellsOf(await leads.selection({ form }), leadCells),
      settleMs: 0,
      job: { kind: `sheets.leads.${form}`, audit: { action: "leads.synced", target: `${form} submissions` } },
    }),
  ]),
) as Record<LeadForm, KindTab>;
