import { log } from "@site/core/log";
import { Privacy } from "@site/core/privacy";
import { Sheets } from "@site/core/sheets";
import { syncLeadsSoon } from "@site/core/sheets/lead-tabs";
import { syncReportsSoon } from "@site/core/sheets/reports";
import { syncSignaturesSoon } from "@site/core/sheets/signatures";
import { isLeadForm } from "@site/core/lead/forms";
import { EventHandler } from "../lib/events";

/**
 * After an erasure, rewrites the spreadsheet tabs that held the person's rows (each sync rewrites
 * its whole tab from the table, so the erased rows are gone). A failed sync throws so the bus
 * retries; nothing happens while Google Sheets is not configured.
 */
export const handler = EventHandler(Privacy.Events.Erased, async (detail) => {
  const missing = Sheets.notConfigured();
  if (missing) {
    log.info("spreadsheet sync after erasure skipped", { reason: missing });
    return;
  }
  const syncs: Promise<unknown>[] = [];
  if (detail.signatures) syncs.push(syncSignaturesSoon());
  if (detail.reports) syncs.push(syncReportsSoon());
  for (const form of detail.leadForms) if (isLeadForm(form)) syncs.push(syncLeadsSoon(form));
  await Promise.all(syncs);
});
