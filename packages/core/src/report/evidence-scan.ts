export * as EvidenceScans from "./evidence-scan";

import { GetCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { db, table } from "../db/client";
import { Keys } from "../db/keys";
import { reportFileOf, verdictOf, type ScanResultDetail, type ScanVerdict } from "../evidence";
import { SCAN_RESULT_STATUSES } from "../evidence/scan-state";
import { log } from "../log";
import { sortableIdTime } from "../util/id";
import { ReportNotFound, isPossibleId, type Info } from "./index";
import { reportOfItem } from "./stored-item";

/**
 * Each report file's malware scan verdict, kept on the report's item beside its `body` (which is
 * written once): the attribute `evidenceScans`, a map from the file's upload id to its verdict
 * (`{status, at, threats?}`, evidence/scan-state.ts). A file without an entry has not been scanned:
 * being scanned, or stored before scanning began (those wait for a scan asked for them,
 * docs/architecture.md "Scam reports"). The evidence-scan-result subscriber writes it; the details
 * view and the download read it.
 */

const SCANS = "evidenceScans";

/**
 * How long after its id was drawn a report may still be on its way into the table: its files are
 * claimed (copied under `reports/<id>/`, which is what GuardDuty scans) before its transaction, and
 * the request that writes it ends within API Gateway's 30 s. A verdict for a file whose report is
 * missing is retried within this window, and dropped after it (a refused submission's files, a report
 * deleted since: the orphan sweep and the deletion take care of the files).
 */
export const REPORT_WRITE_WINDOW_MS = 60_000;

/** The verdict's report is not stored yet (its transaction follows the claims): the subscriber throws, the bus retries. */
export class ReportNotYetStored extends Error {
  constructor(reportId: string) {
    super(`report ${reportId} is not stored yet; its file's scan verdict waits`);
    this.name = "ReportNotYetStored";
  }
}

export type Recorded = "recorded" | "unchanged" | "superseded" | "no_report" | "not_evidence";

/** Attempts of the read and conditional write before giving up to the bus's retry. */
const ATTEMPTS = 5;

/**
 * Records a scan's result (GuardDuty's event detail, published at `at`) on the file's report. A
 * later verdict replaces an earlier one (a scan asked for again); an older one changes nothing, so
 * a redelivered or late event has no second effect. Throws ReportNotYetStored while the report may
 * still be written.
 */
export async function record(detail: ScanResultDetail, at: string, now = Date.now()): Promise<Recorded> {
  const key = detail.s3ObjectDetails.objectKey;
  const file = reportFileOf(key);
  if (!file || !isPossibleId(file.reportId)) {
    log.warn("scan result for an object that is no report's file", { key });
    return "not_evidence";
  }
  const verdict = verdictOf(detail, at);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const item = (await db().send(new GetCommand({ TableName: table(), Key: Keys.report(file.reportId), ConsistentRead: true }))).Item;
    if (!item) {
      if (now - sortableIdTime(file.reportId) < REPORT_WRITE_WINDOW_MS) throw new ReportNotYetStored(file.reportId);
      log.info("scan result for a report that is gone", { key, status: verdict.status });
      return "no_report";
    }
    if (!reportOfItem(item).evidence.some((e) => e.key === key)) {
      log.warn("scan result for a file its report does not hold", { key });
      return "not_evidence";
    }
    const scans = item[SCANS] as Record<string, unknown> | undefined;
    const previous = scans ? verdictIn(scans[file.uploadId]) : undefined;
    if (previous && Date.parse(previous.at) > Date.parse(verdict.at)) return "superseded";
    if (previous && previous.at === verdict.at && previous.status === verdict.status) return "unchanged";
    try {
      await db().send(verdictUpdate(file.reportId, file.uploadId, verdict, scans !== undefined, previous));
      log.info("evidence scanned", { key, status: verdict.status, threats: verdict.threats });
      return "recorded";
    } catch (err) {
      // another verdict (or the report's deletion) came between the read and the write: read again
      if ((err as Error).name !== "ConditionalCheckFailedException") throw err;
    }
  }
  throw new Error(`the scan verdict of ${key} kept meeting concurrent writes`);
}

/** The write of one verdict: into the map, or the map itself on a report that has none yet; conditional on what was read. */
function verdictUpdate(reportId: string, uploadId: string, verdict: ScanVerdict, hasMap: boolean, previous: ScanVerdict | undefined) {
  const base = { TableName: table(), Key: Keys.report(reportId) };
  if (!hasMap) {
    return new UpdateCommand({
      ...base,
      UpdateExpression: "SET #scans = :scans",
      ConditionExpression: "attribute_exists(pk) AND attribute_not_exists(#scans)",
      ExpressionAttributeNames: { "#scans": SCANS },
      ExpressionAttributeValues: { ":scans": { [uploadId]: verdict } },
    });
  }
  return new UpdateCommand({
    ...base,
    UpdateExpression: "SET #scans.#file = :verdict",
    ConditionExpression: `attribute_exists(pk) AND attribute_exists(#scans) AND ${previous ? "#scans.#file.#at = :previousAt" : "attribute_not_exists(#scans.#file)"}`,
    ExpressionAttributeNames: { "#scans": SCANS, "#file": uploadId, ...(previous ? { "#at": "at" } : {}) },
    ExpressionAttributeValues: { ":verdict": verdict, ...(previous ? { ":previousAt": previous.at } : {}) },
  });
}

/** A stored verdict, or undefined for anything else. */
function verdictIn(value: unknown): ScanVerdict | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const v = value as Record<string, unknown>;
  if (!(SCAN_RESULT_STATUSES as readonly unknown[]).includes(v.status) || typeof v.at !== "string") return undefined;
  const threats = Array.isArray(v.threats) ? v.threats.filter((t): t is string => typeof t === "string") : [];
  return { status: v.status as ScanVerdict["status"], at: v.at, ...(threats.length ? { threats } : {}) };
}

/** Each file's verdict of a stored report item, by upload id. */
export function scansOfItem(item: Record<string, unknown>): Record<string, ScanVerdict> {
  const scans = item[SCANS];
  if (typeof scans !== "object" || scans === null) return {};
  return Object.fromEntries(Object.entries(scans).flatMap(([uploadId, value]) => (verdictIn(value) ? [[uploadId, verdictIn(value)!]] : [])));
}

/** The report with its files' verdicts (one read); 404 when there is none. */
export async function reportWithScans(id: string): Promise<{ report: Info; scans: Record<string, ScanVerdict> }> {
  if (!isPossibleId(id)) throw new ReportNotFound();
  const item = (await db().send(new GetCommand({ TableName: table(), Key: Keys.report(id) }))).Item;
  if (!item) throw new ReportNotFound();
  return { report: reportOfItem(item), scans: scansOfItem(item) };
}

/** The verdict on one of the report's files (undefined: not scanned yet). */
export const verdictOfFile = (scans: Record<string, ScanVerdict>, key: string): ScanVerdict | undefined => {
  const file = reportFileOf(key);
  return file ? scans[file.uploadId] : undefined;
};
