/**
 * A malware scan's result as GuardDuty Malware Protection for S3 publishes it (the `detail` of its
 * "GuardDuty Malware Protection Object Scan Result" event on the account's default bus), and the
 * verdict a report keeps of it. The local stand-in (local-scanner.ts) publishes the same shape.
 */
import { z } from "zod";
import { SCAN_RESULT_STATUSES, type ScanVerdict } from "./scan-state";

export const ScanResultDetail = z.object({
  /** COMPLETED, SKIPPED or FAILED: only a completed scan can say a file is clean. */
  scanStatus: z.string().min(1),
  s3ObjectDetails: z.object({
    bucketName: z.string().min(1),
    objectKey: z.string().min(1),
    eTag: z.string().nullish(),
    versionId: z.string().nullish(),
  }),
  scanResultDetails: z.object({
    scanResultStatus: z.enum(SCAN_RESULT_STATUSES),
    threats: z
      .array(z.object({ name: z.string() }))
      .nullish()
      .transform((threats) => threats ?? []),
  }),
});
export type ScanResultDetail = z.output<typeof ScanResultDetail>;

/** The verdict a result gives, published at `at`. A "clean" result of a scan that did not complete is not trusted: FAILED. */
export function verdictOf(detail: ScanResultDetail, at: string): ScanVerdict {
  const reported = detail.scanResultDetails.scanResultStatus;
  const status = reported === "NO_THREATS_FOUND" && detail.scanStatus !== "COMPLETED" ? "FAILED" : reported;
  const threats = detail.scanResultDetails.threats.map((t) => t.name).filter(Boolean);
  return { status, at, ...(threats.length ? { threats } : {}) };
}
