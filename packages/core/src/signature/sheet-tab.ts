import { signatures } from "./listing";
import { SIGNATURE_COLUMNS, signatureCells } from "./sheet-columns";
import { cellsOf, GSI_SETTLE_MS, tabSync, type SyncProgress, type SyncResult } from "../sheets/tab-sync";

export { SIGNATURE_COLUMNS, signatureCells } from "./sheet-columns";
export { LEASE_MS, type SyncPhase, type SyncProgress } from "../sheets/tab-sync";

export const SIGNATURES_TAB = "Signatures";

/**
 * The "Signatures" tab: every signature of every petition, newest first, as the CSV export has them,
 * read from the table a page at a time (the signature list's gsi1 buckets, merged). gsi1 is
 * eventually consistent, so a sync after a signature waits GSI_SETTLE_MS: a signature its claim
 * covers is then always read.
 */
const signaturesTab = tabSync({
  tab: SIGNATURES_TAB,
  header: SIGNATURE_COLUMNS,
  rows: async () => cellsOf(await signatures.selection({}), signatureCells),
  settleMs: GSI_SETTLE_MS,
});

/**
 * The administrator's sync (run by the job subscriber): runs now, after any sync already running
 * on the tab, which it waits up to `waitMs` for.
 */
export const syncSignatures = (waitMs: number, progress?: SyncProgress): Promise<SyncResult> => signaturesTab.now(waitMs, progress);

/**
 * After a signature: one sync per burst (see coalesce.ts). Resolves `undefined` when a sync
 * already scheduled covers this signature.
 */
export const syncSignaturesSoon = (): Promise<SyncResult | undefined> => signaturesTab.soon();
