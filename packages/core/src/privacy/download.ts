import { Bucket } from "../bucket";
import { personHash } from "../db/person-index";
import { PART_BYTES, S3File } from "../exports/s3-file";
import { newToken } from "../util/token";
import { DOWNLOAD_FILE_NAME, type DownloadLink, type MailStopped } from "./input";
import { DOWNLOAD_PAGE_SIZE, exported, mailStopped, recordPages } from "./records";
import { countDownload, type OpenLink } from "./requests";

/**
 * "Download my data": every record holding the link's address, as stored, with whether our mail to
 * it is stopped. Answered in the response when it fits; larger, it goes through the private bucket
 * and the answer is a short-lived link to it.
 *
 * Lambda answers at most 6 MB (API Gateway 10 MB), and the body travels escaped inside the
 * function's JSON answer (every `"` becomes `\"`): the size compared with the limit is the body's
 * escaped, so a download answered inline always fits with room for the headers.
 *
 * Never every record in memory at once (security review N15): the records are read a page at a time
 * (records.ts `recordPages`, DOWNLOAD_PAGE_SIZE a BatchGetItem) and the size is added up as they come.
 * While it fits in an answer they are kept for it (at most the limit, 5 MB); the record that makes it
 * too large opens the bucket's file (a multipart upload, exports/s3-file.ts), which takes what was kept
 * and then each further record as it is read: memory holds one page of items and one part (8 MiB),
 * however many records the person has. The inline answer is kept for the usual small download: no
 * bucket request and no second round trip for the page.
 */
export const INLINE_DOWNLOAD_MAX_BYTES = 5 * 1024 * 1024;
/**
 * Large downloads wait here for their link, in one folder per person (the person index's hash), so
 * an erasure deletes the person's downloads with their records (erasure.ts); the bucket's lifecycle
 * rule (stacks/Storage.ts) deletes whatever is left after a day.
 */
export const DOWNLOADS_PREFIX = "privacy-downloads/";
/** How long a large download's link works: the page follows it at once. */
export const DOWNLOAD_LINK_SECONDS = 300;

/** The folder of one person's large downloads. */
export const downloadsOf = (email: string) => `${DOWNLOADS_PREFIX}${personHash(email)}/`;

export interface DownloadData {
  email: string;
  exportedAt: string;
  records: Record<string, unknown>[];
  mailStopped?: MailStopped & { kind?: string };
}

export interface DownloadOptions {
  /** The largest answer given inline (default INLINE_DOWNLOAD_MAX_BYTES): tests lower it rather than store megabytes. */
  inlineMaxBytes?: number;
  /** Records read a call (default DOWNLOAD_PAGE_SIZE). */
  pageSize?: number;
  /** The bucket file's part size (default PART_BYTES): tests lower it to see a file sent in several parts. */
  partBytes?: number;
}

/** What `s` adds to an answer once escaped inside the function's JSON answer (escaping goes character by character, so it adds up). */
const escapedBytes = (s: string) => Buffer.byteLength(JSON.stringify(s)) - 2;

/** `JSON.stringify(value, null, 2)` nested `depth` levels (two spaces each) into a document written so. */
const nested = (value: unknown, depth: number) =>
  JSON.stringify(value, null, 2)
    .split("\n")
    .join(`\n${"  ".repeat(depth)}`);

/**
 * The download as a file in the bucket, written as its records come: the same text as
 * `JSON.stringify(data, null, 2)` of the whole download, without ever holding the whole.
 */
class DownloadFile {
  private records = 0;
  private constructor(private readonly file: S3File) {}

  static async open(key: string, head: { email: string; exportedAt: string }, partBytes?: number): Promise<DownloadFile> {
    const file = new S3File(key, "application/json; charset=utf-8", partBytes ?? PART_BYTES);
    await file.write(`{\n  "email": ${JSON.stringify(head.email)},\n  "exportedAt": ${JSON.stringify(head.exportedAt)},\n  "records": [`);
    return new DownloadFile(file);
  }

  async record(record: Record<string, unknown>): Promise<void> {
    await this.file.write(`${this.records++ ? "," : ""}\n    ${nested(record, 2)}`);
  }

  async close(stopped: DownloadData["mailStopped"]): Promise<string> {
    await this.file.write(`${this.records ? "\n  ]" : "]"}${stopped ? `,\n  "mailStopped": ${nested(stopped, 1)}` : ""}\n}`);
    return (await this.file.close()).key;
  }

  abort = () => this.file.abort();
}

/** The download of the link's person, counted on its request: the data, or a link to the same data as a file. */
export async function download(link: OpenLink, opts: DownloadOptions = {}): Promise<DownloadData | DownloadLink> {
  const stopped = await mailStopped(link.email);
  const head = { email: link.email, exportedAt: new Date().toISOString() };
  const tail = stopped ? { mailStopped: stopped } : {};
  const limit = opts.inlineMaxBytes ?? INLINE_DOWNLOAD_MAX_BYTES;
  // the inline answer's escaped size so far: its quotes, the fields, then each record and its comma
  let size = 2 + escapedBytes(JSON.stringify({ ...head, records: [], ...tail }));
  const kept: Record<string, unknown>[] = [];
  // an unguessable name: the folder is the person's, the file this download's
  const key = `${downloadsOf(link.email)}${newToken()}.json`;
  let file: DownloadFile | undefined;
  try {
    if (size > limit) file = await DownloadFile.open(key, head, opts.partBytes);
    for await (const page of recordPages(link.email, opts.pageSize ?? DOWNLOAD_PAGE_SIZE)) {
      for (const record of page.map(exported)) {
        if (file) {
          await file.record(record);
          continue;
        }
        size += escapedBytes(JSON.stringify(record)) + (kept.length ? 1 : 0);
        kept.push(record);
        if (size <= limit) continue;
        // too large to answer: from here on the records go to the bucket as they are read
        file = await DownloadFile.open(key, head, opts.partBytes);
        for (const held of kept.splice(0)) await file.record(held);
      }
    }
    await countDownload(link.requestId);
    if (!file) return { ...head, records: kept, ...tail };
    await file.close(stopped);
  } catch (err) {
    // S3 would keep an unfinished upload's parts
    await file?.abort().catch(() => undefined);
    throw err;
  }
  const expiresAt = new Date(Date.now() + DOWNLOAD_LINK_SECONDS * 1000).toISOString();
  return { url: await Bucket.downloadLink(key, DOWNLOAD_FILE_NAME, DOWNLOAD_LINK_SECONDS), expiresAt };
}

/** Deletes the person's large downloads still in the bucket (an erasure); answers how many. */
export const deleteDownloads = (email: string): Promise<number> => Bucket.deleteUnder(downloadsOf(email));
