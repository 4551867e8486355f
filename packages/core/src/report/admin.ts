export * as ReportAdmin from "./admin";

import { TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { getMany } from "../db/batch";
import { z } from "zod";
import { deleteAll as deleteAllOf, deleteAllInput, indexCountFrom, indexVictims, type ChunkedDeleteDef, type Progress } from "../collection/delete-all";
import { settings } from "../config";
import { table } from "../db/client";
import { Keys } from "../db/keys";
import { transactWithRetries } from "../db/transact";
import { DOWNLOAD_EXPIRES_SECONDS, EVIDENCE_PURPOSES, Evidence, refusalOf, scanStateOf, type ScanState, type ScanVerdict } from "../evidence";
import { VisibleError } from "../util/error";
import { pool } from "../util/pool";
import { pageQuery, type Page } from "../util/page";
import { Report, ReportNotFound, type Info, type StoredEvidence } from "./index";
import { reportWithScans, verdictOfFile } from "./evidence-scan";
import { reportOfItem } from "./stored-item";
import { PART, countUpdate, decodeRow, indexItemOfRow, layout } from "./index-item";
import { deleteGroup } from "./removal";
import { count, reports } from "./listing";
import { toRow, type ReportRow } from "./record";
import { STATUSES, type Status } from "./status";

/**
 * What administrators do with one report or all of them: the full record with
 * short-lived evidence links, the triage status, deleting one (with its evidence) and the chunked
 * delete-all, and the export of full records. The list itself is listing.ts.
 */

// ---------------------------------------------------------------------------------------------
// One report

/**
 * An evidence file as the details view shows it: never its bucket key; its malware scan; a link
 * valid for minutes only when the scan found it clean.
 */
export interface EvidenceDownload {
  purpose: StoredEvidence["purpose"];
  fileName: string;
  size: number;
  contentType: string;
  scan: {
    state: ScanState;
    /** GuardDuty's result status and when it came; absent while pending */
    status?: ScanVerdict["status"];
    at?: string;
    threats?: string[];
    /** why it cannot be downloaded (every state but clean) */
    message?: string;
  };
  /** a signed GET with a download disposition, made for this answer, never stored; clean files only */
  downloadUrl?: string;
}

export type Details = Omit<Info, "evidence"> & {
  evidence: EvidenceDownload[];
  /** how long the links work */
  downloadExpiresInSeconds: number;
};

const scanOf = (verdict: ScanVerdict | undefined): EvidenceDownload["scan"] => ({
  state: scanStateOf(verdict),
  ...(verdict ? { status: verdict.status, at: verdict.at, ...(verdict.threats ? { threats: verdict.threats } : {}) } : {}),
  ...(refusalOf(verdict) ? { message: refusalOf(verdict) } : {}),
});

/** The whole report, each evidence file with its scan and, when clean, a fresh signed download link. */
export async function details(id: string): Promise<Details> {
  const { report, scans } = await reportWithScans(id);
  const evidence = await Promise.all(
    report.evidence.map(async (e): Promise<EvidenceDownload> => {
      const scan = scanOf(verdictOfFile(scans, e.key));
      return {
        purpose: e.purpose,
        fileName: e.fileName,
        size: e.size,
        contentType: e.contentType,
        scan,
        ...(scan.state === "clean" ? { downloadUrl: await Evidence.downloadUrl(e.key, e.fileName) } : {}),
      };
    }),
  );
  return { ...report, evidence, downloadExpiresInSeconds: DOWNLOAD_EXPIRES_SECONDS };
}

/** A file that may not be opened yet, or ever: 409 with why (pending, quarantined, not scannable). */
export class EvidenceNotClean extends VisibleError {
  constructor(state: Exclude<ScanState, "clean">, message: string) {
    super(409, `evidence.${state}`, message);
  }
}

export class EvidenceNotFound extends VisibleError {
  constructor() {
    super(404, "evidence.not_found", "This report has no such file");
  }
}

/**
 * A fresh download link to one of the report's files (named by its upload point: a report has at
 * most one file per point), only once the malware scan found it clean; otherwise EvidenceNotClean.
 */
export async function evidenceLink(id: string, purpose: string): Promise<{ downloadUrl: string; fileName: string; expiresInSeconds: number }> {
  const { report, scans } = await reportWithScans(id);
  const file = (EVIDENCE_PURPOSES as readonly string[]).includes(purpose) ? report.evidence.find((e) => e.purpose === purpose) : undefined;
  if (!file) throw new EvidenceNotFound();
  const verdict = verdictOfFile(scans, file.key);
  const state = scanStateOf(verdict);
  if (state !== "clean") throw new EvidenceNotClean(state, refusalOf(verdict)!);
  return { downloadUrl: await Evidence.downloadUrl(file.key, file.fileName), fileName: file.fileName, expiresInSeconds: DOWNLOAD_EXPIRES_SECONDS };
}

export const StatusInput = z.strictObject({
  status: z.enum(STATUSES, { error: `Status must be one of ${STATUSES.join(", ")}` }),
});
export type StatusInput = z.input<typeof StatusInput>;

/**
 * Sets a report's status: the report and its index row in one transaction. Answers the row as the list now shows it and the
 * status before. The same status again changes nothing.
 */
export async function setStatus(id: string, status: Status): Promise<{ row: ReportRow; previous: Status; reference: string }> {
  const report = await Report.fromID(id);
  const row = toRow({ ...report, status });
  if (report.status === status) return { row, previous: status, reference: report.reference };
  await transactWithRetries(
    () =>
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: table(),
              Key: Keys.report(id),
              UpdateExpression: "SET #status = :status",
              ConditionExpression: "attribute_exists(pk)",
              ExpressionAttributeNames: { "#status": "status" },
              ExpressionAttributeValues: { ":status": status },
            },
          },
          { Put: { TableName: table(), Item: indexItemOfRow(row) } },
        ],
      }),
    {
      onCancelled: (reasons) => {
        if (reasons[0] === "ConditionalCheckFailed") throw new ReportNotFound();
      },
    },
  );
  return { row, previous: report.status, reference: report.reference };
}

/** Deletes one report with its reference guard, index row and evidence files; answers what it was. */
export async function remove(id: string): Promise<Pick<Info, "id" | "reference">> {
  const report = await Report.find(id);
  if (!report) throw new ReportNotFound();
  if (!(await Report.remove(id))) throw new ReportNotFound();
  return { id, reference: report.reference };
}

// ---------------------------------------------------------------------------------------------
// Delete all

/** Reports read per group; removal.ts deletes them in transactions of up to 100 items (about 14 reports each). */
const PER_TRANSACTION = 33;
/** Reports whose evidence is deleted at once. */
const EVIDENCE_CONCURRENCY = 8;

export const DeleteAllInput = deleteAllInput({});
export type DeleteAllInput = z.input<typeof DeleteAllInput>;

interface Victim {
  id: string;
  reference: string;
  evidenceCount: number;
}

/** Up to `limit` reports with an id below `beforeId` (all when omitted), oldest first: from the index partitions (consistent). */
const victims = (_part: string, limit: number, beforeId?: string): Promise<Victim[]> =>
  indexVictims(
    layout.partitions(PART),
    (id, packed) => {
      const row = decodeRow(PART, id, packed);
      return { id: row.id, reference: row.reference, evidenceCount: Number(row.evidenceCount) || 0 };
    },
    limit,
    beforeId,
  );

/**
 * Reports as a chunked deletion (collection/delete-all.ts). A group's evidence files go first, then
 * the group's items in transactions (removal.ts `deleteGroup`: each report with everything its
 * removal deletes, one count shard decremented by exactly the number deleted): a failure in between
 * leaves reports to delete again, never files nobody can find.
 */
const chunked: ChunkedDeleteDef<Victim> = {
  groupSize: PER_TRANSACTION,
  parts: () => [PART],
  victims,
  deleteGroup: async (_part, group, index) => {
    await pool(
      group.filter((v) => v.evidenceCount > 0),
      EVIDENCE_CONCURRENCY,
      async (v) => void (await Evidence.deleteReportEvidence(v.id)),
    );
    // each with its guard, index row, identifier items, case member and `report.removed` (removal.ts)
    return deleteGroup(group, (n, attempt) => [countUpdate(-n, (index + attempt) % settings().COUNTER_SHARDS)]);
  },
  remaining: async (_part, beforeId) => (await count()) - (await indexCountFrom(layout.partitions(PART), beforeId)),
};

/**
 * Delete-all, one chunk per call: the reports that existed when the operation began (`startedAt`,
 * its stored start), with their evidence. Reports made while it runs are kept.
 */
export function deleteAll(startedAt: string): Promise<Progress> {
  return deleteAllOf(chunked, undefined, startedAt);
}

// ---------------------------------------------------------------------------------------------
// Export of full records

/** Full reports per export page: a page of the largest reports the API takes (16 KB each) stays under Lambda's 6 MB answer. */
export const FULL_EXPORT_PAGE_SIZE = 250;

/** A report as exports carry it: everything but where its files are kept. */
export type Exported = Omit<Info, "evidence"> & { evidence: Omit<StoredEvidence, "key">[] };

export const ExportQuery = reports.ExportQuery.extend(pageQuery(FULL_EXPORT_PAGE_SIZE, FULL_EXPORT_PAGE_SIZE));
export type ExportQuery = z.input<typeof ExportQuery>;

/** The reports of `ids`, in that order (strongly consistent BatchGets in parallel); ids of reports gone are left out. */
export async function fetchMany(ids: readonly string[]): Promise<Info[]> {
  const found = new Map<string, Info>();
  for (const item of await getMany(
    ids.map((id) => Keys.report(id)),
    { consistent: true },
  ))
    found.set(item.id as string, reportOfItem(item));
  return ids.flatMap((id) => found.get(id) ?? []);
}

export const exported = (report: Info): Exported => ({
  ...report,
  evidence: report.evidence.map(({ key: _key, ...file }) => file),
});

/** A page of full reports matching the list's filters, in the list's order (rows from the index, records by id). */
export async function exportPage(input: ExportQuery): Promise<Page<Exported>> {
  const q = ExportQuery.parse(input);
  const rows = await reports.exportPage(q);
  const full = await fetchMany(rows.items.map((r) => r.id));
  return { ...rows, items: full.map(exported) };
}

/** The audit target of an export: the search and filters (a continued export must keep them). */
export const describe = (q: z.output<typeof ExportQuery>) => reports.describe(q);
