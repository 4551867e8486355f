import { Keys } from "../db/keys";
import { declaredEntry } from "../kinds/entry";
import { rowsOf } from "../exports/exportable";
import { csvFormat } from "../exports/formats";
import { removedNow, type PersonalRecordKind } from "../policy/personal-record";
import { leadTabs } from "./sheet";
import { idTime } from "../util/id";
import { LeadAdmin } from "./admin";
import { LEAD_FORMS } from "./forms";
import { LEAD_CSV_COLUMNS, LEAD_RECORD, leadCells } from "./record";
import { Lead, LeadNotFound } from "./index";
import { leads } from "./listing";
import { retentionStep } from "./retention";

/** Guide submissions (all four forms) as a kind of personal record (policy/personal-record.ts; listed in privacy/kinds.ts). */
export const leadKind: PersonalRecordKind = {
  ...declaredEntry(LEAD_RECORD, retentionStep),
  madeAt: (key) => idTime(Keys.leadOf(key)),
  async remove(key) {
    const id = Keys.leadOf(key);
    const lead = id ? await Lead.find(id) : undefined;
    if (!lead) return undefined;
    return (await removedNow(() => LeadAdmin.remove(lead.form, lead.id), LeadNotFound)) ? { tabs: [leadTabs[lead.form].entry.id] } : undefined;
  },
  collection: leads,
  sheetTabs: LEAD_FORMS.map((form) => leadTabs[form].entry),
};

/** The four lists' CSV export (the export job's `leads`; a form is its query's scope). */
export const leadExports = { leads: rowsOf(leads, "leads.exported", csvFormat(LEAD_CSV_COLUMNS, leadCells)) };
