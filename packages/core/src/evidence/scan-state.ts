/**
 * A report file's malware scan as the console shows it and the download refuses it. Pure: the
 * admin console imports it.
 *
 * GuardDuty's result statuses (its object tag's values): NO_THREATS_FOUND, THREATS_FOUND,
 * UNSUPPORTED (a kind of file it does not scan), ACCESS_DENIED (it could not read the object),
 * FAILED (its own error). Only NO_THREATS_FOUND opens a file to the administrators.
 */
export const SCAN_RESULT_STATUSES = ["NO_THREATS_FOUND", "THREATS_FOUND", "UNSUPPORTED", "ACCESS_DENIED", "FAILED"] as const;
export type ScanResultStatus = (typeof SCAN_RESULT_STATUSES)[number];

/** A scan's verdict as the report keeps it, per file. */
export interface ScanVerdict {
  status: ScanResultStatus;
  /** When the scanner published it (ISO UTC): a later verdict (a scan asked for again) replaces an earlier one. */
  at: string;
  /** The threats' names, when it found any. */
  threats?: string[];
}

/**
 * - pending: no verdict yet (scanning, or a file stored before scanning began, which waits for a scan asked for it);
 * - clean: NO_THREATS_FOUND, the only state a download link is made in;
 * - quarantined: THREATS_FOUND, and the bucket refuses every read of it;
 * - unscanned: the scanner could not judge it (UNSUPPORTED, ACCESS_DENIED, FAILED).
 */
export const SCAN_STATES = ["pending", "clean", "quarantined", "unscanned"] as const;
export type ScanState = (typeof SCAN_STATES)[number];

export function scanStateOf(verdict: Pick<ScanVerdict, "status"> | undefined): ScanState {
  if (!verdict) return "pending";
  if (verdict.status === "NO_THREATS_FOUND") return "clean";
  if (verdict.status === "THREATS_FOUND") return "quarantined";
  return "unscanned";
}

export const SCAN_STATE_LABELS: Record<ScanState, string> = {
  pending: "Scan pending",
  clean: "No threats found",
  quarantined: "Quarantined",
  unscanned: "Not scanned",
};

const UNSCANNED_REASONS: Record<Exclude<ScanResultStatus, "NO_THREATS_FOUND" | "THREATS_FOUND">, string> = {
  UNSUPPORTED: "the scanner does not support this kind of file",
  ACCESS_DENIED: "the scanner could not read it",
  FAILED: "the scan failed",
};

/** Why a file cannot be downloaded, in the words the download route answers with and the console shows. */
export const ScanMessages = {
  pending: "This file has not been scanned yet: it can be downloaded once the malware scan says it is clean.",
  quarantined: "This file was quarantined: the malware scan found a threat.",
  unscanned: (status: ScanResultStatus) =>
    `This file could not be scanned (${UNSCANNED_REASONS[status as keyof typeof UNSCANNED_REASONS] ?? status}), so it cannot be downloaded.`,
} as const;

/** The message for a file that may not be downloaded; undefined for a clean one. */
export function refusalOf(verdict: ScanVerdict | undefined): string | undefined {
  const state = scanStateOf(verdict);
  if (state === "clean") return undefined;
  if (state === "unscanned") return ScanMessages.unscanned(verdict!.status);
  return ScanMessages[state];
}
