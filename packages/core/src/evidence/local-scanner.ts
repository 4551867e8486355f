/**
 * The local stand-in for GuardDuty Malware Protection for S3 (MALWARE_SCAN_DRIVER=local), as the
 * outbox stands in for SES: for each report file that lands it reads the object, flags it when it
 * holds the EICAR test string (the anti-malware industry's harmless test file), tags the object as
 * GuardDuty does (`GuardDutyMalwareScanStatus`), and puts GuardDuty's result event on the local bus,
 * so the same subscriber records the verdict. It recognises nothing but EICAR: it proves the path,
 * not the scanning.
 */
import { GetObjectCommand, PutObjectTaggingCommand } from "@aws-sdk/client-s3";
import { Bus } from "../bus";
import { errorAttributes, log } from "../log";
import { bucket, s3 } from "./s3";
import { GUARDDUTY_SOURCE, SCAN_RESULT_DETAIL_TYPE, SCAN_STATUS_TAG } from "./scan-events";
import type { ScanResultStatus } from "./scan-state";

/**
 * The EICAR test string, built from two halves so that no file of the repository holds it whole
 * (a real scanner on a developer's machine would flag such a file).
 */
const EICAR = ["X5O!P%@AP[4\\PZX54(P^)7CC)7}$", "EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*"].join("");
/** The name GuardDuty gives the test file's threat. */
export const EICAR_THREAT = "EICAR-Test-File (not a virus)";

/** Whether the bytes hold the EICAR test string anywhere. */
export const holdsEicar = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(EICAR, 0, "latin1");

const inFlight = new Set<Promise<void>>();

/** Scans each key after this call returns, as GuardDuty scans asynchronously; `settled()` waits for them. */
export function scan(keys: readonly string[]): void {
  for (const key of keys) {
    const running = scanOne(key).finally(() => inFlight.delete(running));
    inFlight.add(running);
  }
}

/** Resolves when every scan started so far has published its result (the local bus's idle() waits for it). */
export async function settled(): Promise<void> {
  while (inFlight.size) await Promise.all([...inFlight]);
}

async function scanOne(key: string): Promise<void> {
  try {
    const res = await s3().send(new GetObjectCommand({ Bucket: bucket(), Key: key }));
    const bytes = res.Body ? await res.Body.transformToByteArray() : new Uint8Array();
    const status: ScanResultStatus = holdsEicar(bytes) ? "THREATS_FOUND" : "NO_THREATS_FOUND";
    await s3().send(new PutObjectTaggingCommand({ Bucket: bucket(), Key: key, Tagging: { TagSet: [{ Key: SCAN_STATUS_TAG, Value: status }] } }));
    // GuardDuty's event, as its documentation shows it (the fields the subscriber reads, and a few more)
    Bus.deliverServiceEventLocally(GUARDDUTY_SOURCE, SCAN_RESULT_DETAIL_TYPE, {
      schemaVersion: "1.0",
      scanStatus: "COMPLETED",
      resourceType: "S3_OBJECT",
      s3ObjectDetails: { bucketName: bucket(), objectKey: key, eTag: res.ETag?.replace(/"/g, "") ?? null, versionId: null, s3Throttled: false },
      scanResultDetails: { scanResultStatus: status, threats: status === "THREATS_FOUND" ? [{ name: EICAR_THREAT }] : null },
    });
  } catch (err) {
    // the object went (its report deleted, a refused claim) before its scan: nothing to report, as GuardDuty
    log.warn("local malware scan skipped", { key, ...errorAttributes(err) });
  }
}
