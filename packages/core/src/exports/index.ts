export * as ExportJob from "./index";

import { z } from "zod";
import { Audit } from "../audit";
import { Bucket } from "../bucket";
import { Bus } from "../bus";
import { Job } from "../jobs";
import { NotFoundError, ValidationError } from "../util/error";
import { exportableNamed, exportNames } from "./registry";
import { S3File } from "./s3-file";

/**
 * Exports as background jobs: the API request validates the list query and records a queued job
 * with its `exports.requested` event (outbox); the `export-job` subscriber (15-minute timeout)
 * streams the selected rows a page at a time into a file in the private bucket (multipart), reports
 * its progress into the job, audits the export under the administrator who asked, and ends with the
 * file's name, rows and size. The console then asks for a short-lived download link.
 */
export const Events = {
  Requested: Bus.event("exports.requested", z.object({ jobId: Job.Id })),
};

export const JOB_PREFIX = "export.";
/** How long a download link works. */
export const DOWNLOAD_EXPIRES_SECONDS = 300;
/** Exported files are kept a day (the bucket's lifecycle rule on `exports/`). */
export const FILE_PREFIX = "exports/";

const unknownKind = () => `Kind must be one of ${exportNames().join(", ")}`;

/** `POST /api/admin/exports`: what to export (the product's kinds and the registered ones), the list's query, and the name the file is saved under. */
export const Request = z.object({
  kind: z.string({ error: unknownKind }).refine((name) => exportableNamed(name) !== undefined, { error: unknownKind }),
  query: z.record(z.string(), z.unknown(), { error: "Query must be an object of the list's fields" }).default({}),
  fileName: z
    .string({ error: "File name is required" })
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/, "File name may hold letters, digits, dots, dashes and underscores (at most 100)"),
});
export type Request = z.output<typeof Request>;

/** Records the job; refuses (400) a query its list would refuse, or a file name of another type, before anything runs. */
export async function request(input: Request, by: Job.Starter): Promise<Job.Info> {
  const kind = exportableNamed(input.kind)!;
  kind.describe(input.query);
  const extension = `.${kind.format.extension}`;
  if (!input.fileName.endsWith(extension)) throw new ValidationError({ fileName: `File name must end with ${extension}` });
  const params = { query: input.query, fileName: input.fileName };
  return Job.create({ kind: JOB_PREFIX + input.kind, actor: by.email, owner: by.sub, params }, Events.Requested, (jobId) => ({ jobId }));
}

/** Runs the export job once (a repeated delivery finds it claimed and does nothing). */
export async function run(jobId: string): Promise<Job.Info | undefined> {
  const { kind: jobKind } = await Job.get(jobId);
  const kind = jobKind.startsWith(JOB_PREFIX) ? exportableNamed(jobKind.slice(JOB_PREFIX.length)) : undefined;
  if (!kind) return undefined;
  return Job.run(jobId, jobKind, { leaseMs: Job.SUBSCRIBER_LEASE_MS }, async ({ job, report, tick }) => {
    const { query, fileName } = job.params as { query: Record<string, unknown>; fileName: string };
    await report({ phase: "reading", completed: 0, total: null });
    const { total, pages } = await kind.selection(query);
    const file = new S3File(`${FILE_PREFIX}${jobId}/${fileName}`, kind.format.contentType);
    let rows = 0;
    try {
      await file.write(kind.format.head);
      for await (const page of pages) {
        await file.write(kind.format.page(page, rows === 0));
        rows += page.length;
        await tick({ phase: "writing", completed: rows, total: Math.max(total, rows) });
      }
      await file.write(kind.format.tail(rows === 0));
      await file.close();
    } catch (err) {
      await file.abort().catch(() => undefined);
      throw err;
    }
    await report({ phase: "writing", completed: rows, total: rows });
    await Audit.record({ action: kind.action, actor: job.actor, target: kind.describe(query), rows });
    return { rows, fileName, bytes: file.bytes };
  });
}

/**
 * A five-minute link that downloads a finished export's file under its name (never shown inline),
 * for the administrator who started it only; audited with who took it.
 */
export async function downloadLink(jobId: string, by: Job.Starter, format?: string): Promise<{ url: string; fileName: string; expiresInSeconds: number }> {
  const job = await Job.getOwn(jobId, by.sub);
  if (!job.kind.startsWith(JOB_PREFIX) || job.status !== "done") throw new NotFoundError("export.not_ready", "This export has no file to download");
  // a job that wrote several files (a case pack: its PDF and its CSV) names them by format in `files`
  const { fileName: main, files } = job.params as { fileName: string; files?: Record<string, string> };
  const fileName = format === undefined ? main : files?.[format];
  if (!fileName) throw new NotFoundError("export.no_such_file", `This export has no ${format} file`);
  const url = await Bucket.downloadLink(`${FILE_PREFIX}${jobId}/${fileName}`, fileName, DOWNLOAD_EXPIRES_SECONDS);
  await Audit.record({ action: "export.downloaded", actor: by.email, target: `${job.kind} ${jobId} (${fileName})`, rows: Number(job.result?.rows ?? 0) });
  return { url, fileName, expiresInSeconds: DOWNLOAD_EXPIRES_SECONDS };
}
