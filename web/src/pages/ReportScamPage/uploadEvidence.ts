import { EvidenceMessages, extensionOf, isAllowedExtension, MAX_EVIDENCE_BYTES, type EvidencePurpose } from "@site/core/evidence/limits";
import type { UploadedEvidence } from "@site/core/report/draft";
import { EVIDENCE } from "../../content/report-scam";
import { api, postJson, type EvidenceUploadTicket } from "../../lib/api";

/**
 * A file for one of the report's two upload points, sent straight to the private evidence bucket:
 * the API presigns a POST that fixes the key, type and size, and the browser sends the file there
 * with XMLHttpRequest, which (unlike fetch) reports upload progress.
 */

/** Why a chosen file cannot be uploaded here, before anything is sent; undefined when it can. */
export function evidenceFileProblem(file: Pick<File, "name" | "size">, purpose: EvidencePurpose): string | undefined {
  if (!isAllowedExtension(purpose, extensionOf(file.name))) return EvidenceMessages.notAllowed(purpose);
  if (file.size === 0) return EvidenceMessages.empty;
  if (file.size > MAX_EVIDENCE_BYTES) return EvidenceMessages.tooLarge;
  return undefined;
}

export interface UploadOptions {
  /** From 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

export async function uploadEvidence(file: File, purpose: EvidencePurpose, options: UploadOptions = {}): Promise<UploadedEvidence> {
  const ticket = await postJson<EvidenceUploadTicket>(
    api.reportUploads,
    { purpose, fileName: file.name, size: file.size },
    { fallbackMessage: EVIDENCE.unknownError, signal: options.signal },
  );
  await postToStorage(ticket, file, options);
  return { uploadId: ticket.uploadId, fileName: file.name, size: file.size };
}

/** S3's error documents carry a <Message>. */
function storageMessage(xhr: XMLHttpRequest): string {
  const message = /<Message>([^<]+)<\/Message>/.exec(xhr.responseText ?? "")?.[1]?.trim();
  return message || EVIDENCE.unknownError;
}

function postToStorage(ticket: EvidenceUploadTicket, file: File, { onProgress, signal }: UploadOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException("Upload cancelled", "AbortError"));
    const body = new FormData();
    for (const [name, value] of Object.entries(ticket.fields)) body.append(name, value);
    body.append("file", file); // last: S3 ignores every field after the file
    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    signal?.addEventListener("abort", abort, { once: true });
    const done = (error?: Error) => {
      signal?.removeEventListener("abort", abort);
      if (error) reject(error);
      else resolve();
    };
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? done() : done(new Error(storageMessage(xhr))));
    xhr.onerror = () => done(new Error(EVIDENCE.unknownError));
    xhr.onabort = () => done(new DOMException("Upload cancelled", "AbortError"));
    xhr.open("POST", ticket.url);
    xhr.send(body);
  });
}
