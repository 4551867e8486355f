import { Admins } from "@site/core/admins";
import { Audit } from "@site/core/audit";
import { SheetsError } from "@site/core/sheets";
import { syncSignatures } from "@site/core/sheets/signatures";
import { VisibleError } from "@site/core/util/error";
import { adminRoute, ok } from "../lib/http";
import { errorAttributes, log } from "@site/core/log";

/**
 * "Sync to Sheet": rewrites the Signatures tab now (Google Sheets deployed, a CSV file locally) and
 * answers `{rows, destination}`. A failure is a 502 whose message carries the reason, which the
 * admin screen shows as "Sync failed: …".
 */
export const handler = adminRoute(async (req) => {
  let synced: { rows: number; destination: string };
  try {
    synced = await syncSignatures();
  } catch (err) {
    log.error("signature sync failed", errorAttributes(err));
    const reason = err instanceof SheetsError ? err.message : "unexpected error (see the server log)";
    throw new VisibleError(502, "sheets.sync_failed", `Failed to sync signatures: ${reason}`);
  }
  await Audit.record({
    action: "signatures.synced",
    actor: await Admins.emailOf(req.admin!),
    target: "all petitions",
    rows: synced.rows,
  });
  return ok(synced);
});
