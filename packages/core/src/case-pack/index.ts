export * as CasePack from "./index";

import { z } from "zod";
import { Audit } from "../audit";
import { Bus } from "../bus";
import { Cases, CaseNotFound } from "../cases";
import { STATUS_LABELS } from "../cases/status";
import { getMany } from "../db/batch";
import { Keys } from "../db/keys";
import { FILE_PREFIX, JOB_PREFIX } from "../exports";
import { csvFormat } from "../exports/formats";
import { S3File } from "../exports/s3-file";
import { Job } from "../jobs";
import { reportOfItem } from "../report/stored-item";
import { newYorkDate } from "../util/time";
import { CSV_HEADER, csvCellsOf, packEntryOf, type PackEntry } from "./entries";
import { renderCasePack } from "./pdf";

/**
 * A case pack for an authority (the FTC, a state attorney general) as a background job, like the
 * petition's delivery pack: the request checks the case and records a queued job with its event;
 * the `case-pack-job` subscriber reads the case's reports (its member items, then the reports by
 * BatchGet, 100 at a time), writes a CSV and a PDF into the private bucket under `exports/<jobId>/`
 * and audits it. The console downloads each file through the exports' five-minute link
 * (`GET /api/admin/jobs/{id}/download?file=csv`).
 */
export const Events = {
  Requested: Bus.event("cases.pack_requested", z.object({ jobId: Job.Id })),
};

export const KIND = `${JOB_PREFIX}case-pack`;

interface Params extends Record<string, unknown> {
  caseId: string;
  /** the PDF, the file the download link gives by default */
  fileName: string;
  /** every file of the job by its format */
  files: { pdf: string; csv: string };
}

/** "case-pack-<reference>-<YYYY-MM-DD>", New York's date. */
export function baseNameOf(reference: string, at = new Date()): string {
  const [month, day, year] = newYorkDate(at).split("/");
  return `case-pack-${reference.toLowerCase()}-${year}-${month}-${day}`;
}

/** Records the job (202); an unknown case is a 404 before anything is written. */
export async function request(caseId: string, by: Job.Starter): Promise<Job.Info> {
  const head = await Cases.find(caseId);
  if (!head) throw new CaseNotFound();
  const base = baseNameOf(head.reference);
  const params: Params = { caseId, fileName: `${base}.pdf`, files: { pdf: `${base}.pdf`, csv: `${base}.csv` } };
  return Job.create({ kind: KIND, actor: by.email, owner: by.sub, params }, Events.Requested, (jobId) => ({ jobId }));
}

async function write(key: string, contentType: string, body: string | Buffer): Promise<number> {
  const file = new S3File(key, contentType);
  try {
    await file.write(body);
    await file.close();
  } catch (err) {
    await file.abort().catch(() => undefined);
    throw err;
  }
  return file.bytes;
}

/** Runs the job once (a repeated delivery finds it claimed and does nothing). */
export function run(jobId: string): Promise<Job.Info | undefined> {
  const reasonOf = (err: unknown) => (err instanceof CaseNotFound ? "The case was deleted" : undefined);
  return Job.run(jobId, KIND, { leaseMs: Job.SUBSCRIBER_LEASE_MS, reasonOf }, async ({ job, report, tick }) => {
    const params = job.params as Params;
    const head = await Cases.find(params.caseId);
    if (!head) throw new CaseNotFound();
    const members = (await Cases.members(params.caseId)).sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.reportId.localeCompare(b.reportId));
    await report({ phase: "reading", completed: 0, total: members.length });
    const entries: PackEntry[] = [];
    for (let i = 0; i < members.length; i += 100) {
      const chunk = members.slice(i, i + 100);
      const found = new Map((await getMany(chunk.map((m) => Keys.report(m.reportId)))).map((item) => [item.id as string, reportOfItem(item)]));
      // a report erased since the case was read is left out
      for (const m of chunk) if (found.has(m.reportId)) entries.push(packEntryOf(found.get(m.reportId)!));
      await tick({ phase: "reading", completed: entries.length, total: members.length });
    }
    await report({ phase: "writing", completed: entries.length, total: entries.length });
    const csv = csvFormat<PackEntry>(CSV_HEADER, csvCellsOf);
    const at = new Date();
    const pdf = await renderCasePack(
      { reference: head.reference, title: head.title, statusLabel: STATUS_LABELS[head.status], identifiers: head.identifiers.map((i) => i.shown) },
      entries,
      at,
    );
    const bytes =
      (await write(`${FILE_PREFIX}${jobId}/${params.files.csv}`, csv.contentType, csv.head + csv.page(entries, true) + csv.tail(!entries.length))) +
      (await write(`${FILE_PREFIX}${jobId}/${params.files.pdf}`, "application/pdf", pdf));
    await Audit.record({ action: "cases.pack", actor: job.actor, target: `case ${head.reference}`, rows: entries.length });
    return { fileName: params.fileName, files: params.files, bytes, rows: entries.length };
  });
}
