export * as Evidence from "./index";

import {
  CopyObjectCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  type HeadObjectCommandOutput,
  type _Object,
} from "@aws-sdk/client-s3";
import { createPresignedPost } from "@aws-sdk/s3-presigned-post";
import { Bucket } from "../bucket";
import { VisibleError } from "../util/error";
import { sortableId } from "../util/id";
import { parse } from "../util/zod";
import { REPORTS_PREFIX, UPLOADS_PREFIX, isUploadId, reportIdOfPrefix, reportKey, reportPrefix, uploadKey } from "./keys";
import { EVIDENCE_CONTENT_TYPES, EvidenceMessages, MAX_EVIDENCE_BYTES, extensionOf, isAllowedExtension, type EvidencePurpose } from "./limits";
import { settings } from "../config";
import * as LocalScanner from "./local-scanner";
import { bucket, s3 } from "./s3";
import { SNIFF_BYTES, sniff } from "./sniff";
import { UploadRequest } from "./upload-request";

export { EVIDENCE_EXTENSIONS, EVIDENCE_PURPOSES, EvidenceMessages, MAX_EVIDENCE_BYTES, acceptAttribute, extensionOf, type EvidencePurpose } from "./limits";
export { REPORTS_PREFIX, UPLOADS_PREFIX, reportFileOf, reportIdOfPrefix, reportPrefix, uploadKey } from "./keys";
export { ScanResultDetail, verdictOf } from "./scan";
export { GUARDDUTY_SOURCE, SCAN_RESULT_DETAIL_TYPE, SCAN_STATUS_TAG } from "./scan-events";
export { ScanMessages, refusalOf, scanStateOf, type ScanState, type ScanVerdict } from "./scan-state";
export { attachmentDisposition } from "./disposition";
export { sniff } from "./sniff";
export { UploadRequest } from "./upload-request";
export { resetS3 } from "./s3";

/** How long the browser has to start its upload after asking for it. */
export const UPLOAD_EXPIRES_SECONDS = 15 * 60;
/** How long an administrator's download link works. */
export const DOWNLOAD_EXPIRES_SECONDS = 5 * 60;
/** Uploads no report claimed are deleted after this (the bucket's lifecycle rule says 1 day too). */
export const UNCLAIMED_UPLOAD_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** A file the server refused to attach to a report; the object has been deleted. */
export class EvidenceRefused extends VisibleError {
  constructor(code: string, message: string, fields?: Record<string, string>) {
    super(400, `evidence.${code}`, message, fields);
  }

  /** The same refusal, pointing at the upload point of the submission it came from (`evidence.<purpose>`). */
  at(purpose: EvidencePurpose): EvidenceRefused {
    return new EvidenceRefused(this.code.slice("evidence.".length), this.message, { [`evidence.${purpose}`]: this.message });
  }
}

export interface PresignedUpload {
  uploadId: string;
  /** POST a multipart/form-data body here: every entry of `fields`, then the file as `file`, last. */
  url: string;
  fields: Record<string, string>;
  maxBytes: number;
}

/**
 * A presigned POST for one file. Its policy fixes the key (`uploads/{uploadId}`), the
 * Content-Type (from the extension), the original name and upload point as metadata, and the size
 * (1 byte to 10 MB), for 15 minutes. The file name is stored percent-encoded: S3 metadata is ASCII.
 */
export async function presignUpload(input: UploadRequest): Promise<PresignedUpload> {
  const req = parse(UploadRequest, input);
  const uploadId = sortableId();
  const ext = extensionOf(req.fileName);
  if (!isAllowedExtension(req.purpose, ext)) throw new EvidenceRefused("not_allowed", EvidenceMessages.notAllowed(req.purpose));
  const { url, fields } = await createPresignedPost(s3(), {
    Bucket: bucket(),
    Key: uploadKey(uploadId),
    Fields: {
      "Content-Type": EVIDENCE_CONTENT_TYPES[ext],
      "x-amz-meta-filename": encodeURIComponent(req.fileName),
      "x-amz-meta-purpose": req.purpose,
    },
    Conditions: [["content-length-range", 1, MAX_EVIDENCE_BYTES]],
    Expires: UPLOAD_EXPIRES_SECONDS,
  });
  return { uploadId, url, fields, maxBytes: MAX_EVIDENCE_BYTES };
}

export interface ClaimedEvidence {
  /** Where the file now is: `reports/{reportId}/{uploadId}.{ext}`. */
  key: string;
  /** The visitor's original file name. */
  fileName: string;
  size: number;
  contentType: string;
}

/**
 * Checks an upload before a report references it, then moves it under the report. It must exist,
 * have been uploaded for an extension this upload point accepts, be 1 byte to 10 MB, and begin with
 * the bytes its extension promises; otherwise it is deleted and refused with a message for the
 * visitor. Claiming again for the same report (a retried request) returns the moved file.
 */
export async function claim(uploadId: string, purpose: EvidencePurpose, reportId: string): Promise<ClaimedEvidence> {
  if (!isUploadId(uploadId)) throw new EvidenceRefused("not_received", EvidenceMessages.notReceived);
  const source = uploadKey(uploadId);
  const head = await headObject(source);
  if (!head) {
    const moved = await claimedBefore(reportId, uploadId);
    if (moved) return moved;
    throw new EvidenceRefused("not_received", EvidenceMessages.notReceived);
  }

  const refuse = async (code: string, message: string): Promise<never> => {
    await deleteObject(source);
    throw new EvidenceRefused(code, message);
  };
  const fileName = storedFileName(head);
  if (!fileName) return refuse("not_received", EvidenceMessages.notReceived);
  const ext = extensionOf(fileName);
  if (!isAllowedExtension(purpose, ext)) return refuse("not_allowed", EvidenceMessages.notAllowed(purpose));
  const size = head.ContentLength ?? 0;
  if (size > MAX_EVIDENCE_BYTES) return refuse("too_large", EvidenceMessages.tooLarge);
  if (size === 0) return refuse("empty", EvidenceMessages.empty);
  if (!sniff(ext, await firstBytes(source))) return refuse("mismatch", EvidenceMessages.mismatch(fileName, ext));

  const key = reportKey(reportId, uploadId, ext);
  const contentType = EVIDENCE_CONTENT_TYPES[ext];
  await s3().send(
    new CopyObjectCommand({
      Bucket: bucket(),
      Key: key,
      CopySource: encodeURI(`${bucket()}/${source}`),
      // The type from the extension, whatever the upload said (s3rver does not enforce the policy).
      MetadataDirective: "REPLACE",
      ContentType: contentType,
      Metadata: { filename: encodeURIComponent(fileName), purpose },
    }),
  );
  await deleteObject(source);
  return { key, fileName, size, contentType };
}

/**
 * The malware scan's port: these report files have landed (their report is stored). Deployed,
 * GuardDuty Malware Protection for S3 watches the bucket itself (its plan scans every new object
 * under `reports/`), so this does nothing; locally (MALWARE_SCAN_DRIVER=local) the stand-in scans
 * them after this returns and publishes GuardDuty's result event on the local bus. Either way the
 * verdict reaches the report through the evidence-scan-result subscriber.
 */
export function scanLanded(keys: readonly string[]): void {
  if (keys.length && settings().MALWARE_SCAN_DRIVER === "local") LocalScanner.scan(keys);
}

/** Resolves when the local stand-in has published every scan started so far (nothing to wait for deployed). */
export const scansSettled = () => LocalScanner.settled();

/** A short-lived link that downloads a report's file under its original name, never shown inline. */
export async function downloadUrl(key: string, fileName: string): Promise<string> {
  if (!key.startsWith(REPORTS_PREFIX)) throw new Error(`not a report's evidence: ${key}`);
  return Bucket.downloadLink(key, fileName, DOWNLOAD_EXPIRES_SECONDS);
}

/** Deletes every file of a report; returns how many there were. */
export function deleteReportEvidence(reportId: string): Promise<number> {
  return Bucket.deleteUnder(reportPrefix(reportId));
}

/**
 * Deletes uploads no report claimed within `olderThanMs`; returns how many. Deployed, the bucket's
 * lifecycle rule does this; `npm start` runs it on a timer and `npm run job:evidence-sweep` once.
 */
export async function sweepUploads({ olderThanMs = UNCLAIMED_UPLOAD_MAX_AGE_MS, now = Date.now() } = {}): Promise<number> {
  const cutoff = now - olderThanMs;
  let deleted = 0;
  for await (const page of listPages(UPLOADS_PREFIX)) {
    deleted += await deleteObjects(page.filter((o) => o.LastModified && o.LastModified.getTime() < cutoff));
  }
  return deleted;
}

/**
 * The ids of the report folders (`reports/{reportId}/`), a listing page at a time: ListObjectsV2
 * with the delimiter "/" names each folder once (a common prefix), up to 1,000 a request however
 * many files it holds. Folders not named like a report id are not ours: skipped.
 */
export async function* reportFolderPages(): AsyncGenerator<string[]> {
  let token: string | undefined;
  do {
    const page = await s3().send(new ListObjectsV2Command({ Bucket: bucket(), Prefix: REPORTS_PREFIX, Delimiter: "/", ContinuationToken: token }));
    yield (page.CommonPrefixes ?? []).flatMap((p) => reportIdOfPrefix(p.Prefix ?? "") ?? []);
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
}

/** Every file of a report's folder, with its LastModified. */
export async function reportFiles(reportId: string): Promise<_Object[]> {
  const files: _Object[] = [];
  for await (const page of listPages(reportPrefix(reportId))) files.push(...page);
  return files;
}

/** Deletes `files` with DeleteObjects, 1,000 keys a request; returns how many. */
export async function deleteFiles(files: readonly _Object[]): Promise<number> {
  let deleted = 0;
  for (let i = 0; i < files.length; i += DELETE_BATCH) deleted += await deleteObjects(files.slice(i, i + DELETE_BATCH));
  return deleted;
}

/** DeleteObjects' limit (and a ListObjectsV2 page's). */
const DELETE_BATCH = 1000;

async function headObject(key: string): Promise<HeadObjectCommandOutput | undefined> {
  try {
    return await s3().send(new HeadObjectCommand({ Bucket: bucket(), Key: key }));
  } catch (err) {
    if (isNotFound(err)) return undefined;
    throw err;
  }
}

/** HeadObject answers a bare 404 ("NotFound"); GetObject says "NoSuchKey". */
const isNotFound = (err: unknown) =>
  err instanceof Error &&
  (err.name === "NotFound" || err.name === "NoSuchKey" || (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404);

function storedFileName(head: HeadObjectCommandOutput): string | undefined {
  const encoded = head.Metadata?.filename;
  if (!encoded) return undefined;
  try {
    return decodeURIComponent(encoded);
  } catch {
    return undefined;
  }
}

async function firstBytes(key: string): Promise<Uint8Array> {
  const res = await s3().send(new GetObjectCommand({ Bucket: bucket(), Key: key, Range: `bytes=0-${SNIFF_BYTES - 1}` }));
  return res.Body ? res.Body.transformToByteArray() : new Uint8Array();
}

/** The upload as an earlier claim for this report moved it (whatever its extension). */
async function claimedBefore(reportId: string, uploadId: string): Promise<ClaimedEvidence | undefined> {
  const listed = await s3().send(new ListObjectsV2Command({ Bucket: bucket(), Prefix: `${reportPrefix(reportId)}${uploadId}.`, MaxKeys: 1 }));
  const key = listed.Contents?.[0]?.Key;
  const head = key ? await headObject(key) : undefined;
  const fileName = head && storedFileName(head);
  if (!key || !head || !fileName) return undefined;
  return { key, fileName, size: head.ContentLength ?? 0, contentType: head.ContentType ?? "application/octet-stream" };
}

async function deleteObject(key: string) {
  await s3().send(new DeleteObjectCommand({ Bucket: bucket(), Key: key }));
}

/** A ListObjectsV2 page holds at most 1000 objects, which is also DeleteObjects' limit. */
async function* listPages(prefix: string): AsyncGenerator<_Object[]> {
  let token: string | undefined;
  do {
    const page = await s3().send(new ListObjectsV2Command({ Bucket: bucket(), Prefix: prefix, ContinuationToken: token }));
    yield page.Contents ?? [];
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
}

async function deleteObjects(objects: _Object[]): Promise<number> {
  const keys = objects.flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
  if (keys.length === 0) return 0;
  const res = await s3().send(new DeleteObjectsCommand({ Bucket: bucket(), Delete: { Objects: keys, Quiet: true } }));
  if (res.Errors?.length) {
    const first = res.Errors[0];
    throw new Error(`could not delete ${res.Errors.length} evidence object(s), e.g. ${first.Key}: ${first.Code} ${first.Message}`);
  }
  return keys.length;
}
