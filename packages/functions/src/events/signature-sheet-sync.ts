import { Sheets } from "@site/core/sheets";
import { syncSignaturesSoon } from "@site/core/sheets/signatures";
import { Signature } from "@site/core/signature";
import { EventHandler } from "../lib/events";
import { log } from "@site/core/log";

let toldUnconfigured = false;

/**
 * Keeps the spreadsheet's "Signatures" tab current. A burst of signatures causes one sync (see
 * packages/core/src/sheets/coalesce.ts); a failed sync throws so the bus retries it, and the
 * signatures themselves are already stored. Does nothing while Google Sheets is not configured.
 */
export const handler = EventHandler(Signature.Events.Created, async () => {
  const missing = Sheets.notConfigured();
  if (missing) {
    if (!toldUnconfigured) {
      toldUnconfigured = true;
      log.info("spreadsheet sync skipped", { reason: missing });
    }
    return;
  }
  const synced = await syncSignaturesSoon();
  if (synced) log.info("signatures synced", synced);
});
