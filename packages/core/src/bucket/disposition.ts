/**
 * `Content-Disposition: attachment` for a download under the visitor's original file name: the
 * browser saves the file instead of rendering it on our origin. RFC 6266: a plain ASCII
 * `filename` for old clients, and the exact name as `filename*` (RFC 8187, UTF-8, percent-encoded).
 */
export function attachmentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%]/g, "_") || "evidence";
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeRfc8187(fileName)}`;
}

/** encodeURIComponent leaves ' ( ) * as they are; RFC 8187's attr-char does not allow them. */
const encodeRfc8187 = (value: string) => encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
