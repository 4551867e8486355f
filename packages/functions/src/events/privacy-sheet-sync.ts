import { log } from "@site/core/log";
import { Privacy } from "@site/core/privacy";
import { sheetTab } from "@site/core/privacy/kinds";
import { Sheets } from "@site/core/sheets";
import { isLeadForm, leadSheetTabId } from "@site/core/lead/forms";
import { EventHandler } from "../lib/events";

/** The tab ids of an event recorded before tabs had ids (it named the kinds instead). */
const legacyTabs = (detail: { signatures?: boolean; reports?: boolean; leadForms?: string[] }) => [
  ...(detail.signatures ? ["signatures"] : []),
  ...(detail.reports ? ["reports"] : []),
  ...(detail.leadForms ?? []).filter(isLeadForm).map(leadSheetTabId),
];

/**
 * After an erasure, rewrites the spreadsheet tabs that held the person's rows (each sync rewrites
 * its whole tab from the table, so the erased rows are gone), each through its kind's descriptor.
 * A failed sync throws so the bus retries; nothing happens while Google Sheets is not configured.
 */
export const handler = EventHandler(Privacy.Events.Erased, async (detail) => {
  const missing = Sheets.notConfigured();
  if (missing) {
    log.info("spreadsheet sync after erasure skipped", { reason: missing });
    return;
  }
  const ids = new Set([...detail.tabs, ...legacyTabs(detail)]);
  await Promise.all([...ids].map((id) => sheetTab(id)?.syncSoon()));
});
