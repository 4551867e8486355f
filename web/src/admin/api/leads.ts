import type { CollectionResource } from "../collection";
import { LEAD_LIST_MESSAGES, type FormsSummary, type LeadForm, type LeadRow } from "../lib/leads";
import { apiPath } from "./paths";
import { useAdminData } from "./useAdminData";

/** One free-guide form's submissions. */
export const leadsResource = (form: LeadForm): CollectionResource<LeadRow> => ({
  list: apiPath("listLeads", { form }),
  export: { kind: "leads", scope: { form } },
  deleteAll: apiPath("deleteAllLeads", { form }),
  item: (row) => apiPath("deleteLead", { form, id: row.id }),
});

export const leadPath = (row: Pick<LeadRow, "form" | "id">) => apiPath("getLead", { form: row.form, id: row.id });

export const syncLeadsPath = (form: LeadForm) => apiPath("syncLeads", { form });

/** Per form, its count and latest submission. */
export const useFormsSummary = () => useAdminData<FormsSummary>(apiPath("leadSummary"), LEAD_LIST_MESSAGES.summaryFailed);
