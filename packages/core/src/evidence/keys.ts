/**
 * Where evidence lives in the bucket. A visitor's upload lands at `uploads/{uploadId}`, named by us
 * and never by the visitor's file name; a report that references it moves it under
 * `reports/{reportId}/`. Only `uploads/` expires (a lifecycle rule deployed, a sweep locally), so
 * nothing a report references is ever expired.
 */
export const UPLOADS_PREFIX = "uploads/";
export const REPORTS_PREFIX = "reports/";

/** `sortableId()`: 21 characters of [0-9a-z]. */
const UPLOAD_ID = /^[0-9a-z]{21}$/;
const REPORT_ID = /^[0-9A-Za-z_-]{1,64}$/;

export const isUploadId = (id: string) => UPLOAD_ID.test(id);

export const uploadKey = (uploadId: string) => `${UPLOADS_PREFIX}${uploadId}`;

export function reportPrefix(reportId: string) {
  if (!REPORT_ID.test(reportId)) throw new Error(`not a report id: ${JSON.stringify(reportId)}`);
  return `${REPORTS_PREFIX}${reportId}/`;
}

export const reportKey = (reportId: string, uploadId: string, ext: string) => `${reportPrefix(reportId)}${uploadId}.${ext}`;

/** The report id of a folder `reports/{reportId}/` as a delimited listing names it; undefined for anything else. */
export function reportIdOfPrefix(prefix: string): string | undefined {
  if (!prefix.startsWith(REPORTS_PREFIX) || !prefix.endsWith("/")) return undefined;
  const id = prefix.slice(REPORTS_PREFIX.length, -1);
  return REPORT_ID.test(id) ? id : undefined;
}

/** `sortableId()` and the extensions of limits.ts: what a claimed file's name looks like. */
const REPORT_FILE = /^([0-9a-z]{21})\.([a-z]{1,5})$/;

/** The report and upload of a report's file `reports/{reportId}/{uploadId}.{ext}`; undefined for any other key. */
export function reportFileOf(key: string): { reportId: string; uploadId: string } | undefined {
  if (!key.startsWith(REPORTS_PREFIX)) return undefined;
  const [reportId, file, ...rest] = key.slice(REPORTS_PREFIX.length).split("/");
  const match = rest.length === 0 && file !== undefined ? REPORT_FILE.exec(file) : null;
  return match && REPORT_ID.test(reportId) ? { reportId, uploadId: match[1] } : undefined;
}
