import { log } from "@site/core/log";
import { sheetTab } from "@site/core/privacy/kinds";
import { Sheets } from "@site/core/sheets";
import { EventHandler } from "../lib/events";

/**
 * After an administrator's deletion or a signer's withdrawal, rewrites the tabs that showed the
 * removed records (each sync rewrites its whole tab from the table), each through its kind's
 * descriptor. A failed sync throws so the bus retries; nothing happens while Google Sheets is not configured.
 */
export const handler = EventHandler(Sheets.Events.RowsRemoved, async (detail) => {
  const missing = Sheets.notConfigured();
  if (missing) {
    log.info("spreadsheet sync after a deletion skipped", { reason: missing });
    return;
  }
  await Promise.all([...new Set(detail.tabs)].map((id) => sheetTab(id)?.syncSoon()));
});
