import type { z } from "zod";
import type { Bus } from "@site/core/bus";
import { log } from "@site/core/log";
import { Sheets } from "@site/core/sheets";
import type { SyncResult } from "@site/core/sheets/tab-sync";
import { EventHandler } from "./events";

/**
 * A subscriber that keeps one spreadsheet tab current after `def` events: one sync per burst
 * (sheets/tab-sync.ts coalesces them). A failed sync throws so the bus retries it; the records
 * themselves are already stored. Does nothing while Google Sheets is not configured.
 */
export function sheetSyncHandler<S extends z.ZodType>(
  def: Bus.EventDefinition<S>,
  /** the tab, or the tab an event's record goes to (a lead's form has its own) */
  tab: string | ((detail: z.output<S>) => string),
  syncSoon: (detail: z.output<S>) => Promise<SyncResult | undefined>,
) {
  let toldUnconfigured = false;
  return EventHandler(def, async (detail) => {
    const name = typeof tab === "string" ? tab : tab(detail);
    const missing = Sheets.notConfigured();
    if (missing) {
      if (!toldUnconfigured) {
        toldUnconfigured = true;
        log.info("spreadsheet sync skipped", { tab: name, reason: missing });
      }
      return;
    }
    const synced = await syncSoon(detail);
    if (synced) log.info("spreadsheet tab synced", { tab: name, ...synced });
  });
}
