import { settings } from "../config";
import { allRows, RECHECK_MS } from "../signature/listing";
import { coalesced, exclusive, type CoalesceOptions } from "./coalesce";
import { SIGNATURE_COLUMNS, signatureCells } from "./signature-columns";
import { Sheets } from "./index";

export { SIGNATURE_COLUMNS, signatureCells } from "./signature-columns";

export const SIGNATURES_TAB = "Signatures";
/** A run may hold the lock this long: the subscribers' Lambda timeout (15 minutes). */
export const LEASE_MS = 15 * 60_000;

/**
 * Deployed, the admin index caches rows per Lambda for up to RECHECK_MS, so the sync waits at least
 * that long after its claim: a signature the claim covers is then always read. Locally every write
 * happens in this process and refreshes that cache at once.
 */
function options(): CoalesceOptions {
  const s = settings();
  const floor = s.BUS_DRIVER === "local" ? 0 : RECHECK_MS;
  return { debounceMs: Math.max(s.SHEETS_SYNC_DEBOUNCE_MS, floor), leaseMs: LEASE_MS };
}

export type SyncPhase = "reading" | "writing";
export type SyncProgress = (phase: SyncPhase, completed: number, total: number | null) => Promise<void> | void;

/** Rewrites the "Signatures" tab with every signature of every petition, as the CSV export has them. */
async function write(progress?: SyncProgress): Promise<{ rows: number; destination: string }> {
  await progress?.("reading", 0, null);
  const rows = await allRows();
  await progress?.("writing", 0, rows.length);
  return Sheets.replaceTab(SIGNATURES_TAB, [...SIGNATURE_COLUMNS], rows.map(signatureCells), {
    onProgress: (written, total) => progress?.("writing", written, total),
  });
}

/**
 * The administrator's sync (run by the job subscriber): runs now, after any sync already running
 * on the tab, which it waits up to `waitMs` for.
 */
export function syncSignatures(waitMs: number, progress?: SyncProgress): Promise<{ rows: number; destination: string }> {
  return exclusive(Sheets.target(SIGNATURES_TAB), { ...options(), waitMs }, () => write(progress));
}

/**
 * After a signature: one sync per burst (see coalesce.ts). Resolves `undefined` when a sync
 * already scheduled covers this signature.
 */
export async function syncSignaturesSoon(): Promise<{ rows: number; destination: string } | undefined> {
  const outcome = await coalesced(Sheets.target(SIGNATURES_TAB), options(), () => write());
  return outcome.ran ? outcome.result : undefined;
}
