import { kindTab } from "../sheets/kind-tab";
import { cellsOf, GSI_SETTLE_MS } from "../sheets/tab-sync";
import { signatures } from "./listing";
import { SIGNATURE_COLUMNS, signatureCells } from "./record";

export const SIGNATURES_TAB = "Signatures";

/**
 * The "Signatures" tab: every signature of every petition, newest first, as the CSV export has them,
 * read from the table a page at a time (the signature list's gsi1 buckets, merged). gsi1 is
 * eventually consistent, so a sync after a signature waits GSI_SETTLE_MS: a signature its claim
 * covers is then always read. "Sync to Sheet" on the signatures screen runs it as a job.
 */
export const signaturesTab = kindTab({
  id: "signatures",
  tab: SIGNATURES_TAB,
  header: SIGNATURE_COLUMNS,
  rows: async () => cellsOf(await signatures.selection({}), signatureCells),
  settleMs: GSI_SETTLE_MS,
  job: { kind: "sheets.signatures", audit: { action: "signatures.synced", target: "all petitions" } },
});
