import { PutObjectCommand } from "@aws-sdk/client-s3";
import { Bucket } from "../bucket";
import { personHash } from "../db/person-index";
import { newToken } from "../util/token";
import { DOWNLOAD_FILE_NAME, type DownloadLink, type MailStopped } from "./input";
import { exported, mailStopped, storedRecords } from "./records";
import { countDownload, type OpenLink } from "./requests";

/**
 * "Download my data": every record holding the link's address, as stored, with whether our mail to
 * it is stopped. Answered in the response when it fits; larger, it goes through the private bucket
 * and the answer is a short-lived link to it.
 *
 * Lambda answers at most 6 MB (API Gateway 10 MB), and the body travels escaped inside the
 * function's JSON answer (every `"` becomes `\"`): the size compared with the limit is the body's
 * escaped, so a download answered inline always fits with room for the headers.
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
}

/** The download of the link's person, counted on its request: the data, or a link to the same data as a file. */
export async function download(link: OpenLink, opts: DownloadOptions = {}): Promise<DownloadData | DownloadLink> {
  const [records, stopped] = await Promise.all([storedRecords(link.email), mailStopped(link.email)]);
  const data: DownloadData = {
    email: link.email,
    exportedAt: new Date().toISOString(),
    records: records.map(exported),
    ...(stopped ? { mailStopped: stopped } : {}),
  };
  await countDownload(link.requestId);
  if (Buffer.byteLength(JSON.stringify(JSON.stringify(data))) <= (opts.inlineMaxBytes ?? INLINE_DOWNLOAD_MAX_BYTES)) return data;

  // an unguessable name: the folder is the person's, the file this download's
  const key = `${downloadsOf(link.email)}${newToken()}.json`;
  await Bucket.s3().send(
    new PutObjectCommand({ Bucket: Bucket.bucket(), Key: key, Body: JSON.stringify(data, null, 2), ContentType: "application/json; charset=utf-8" }),
  );
  const expiresAt = new Date(Date.now() + DOWNLOAD_LINK_SECONDS * 1000).toISOString();
  return { url: await Bucket.downloadLink(key, DOWNLOAD_FILE_NAME, DOWNLOAD_LINK_SECONDS), expiresAt };
}

/** Deletes the person's large downloads still in the bucket (an erasure); answers how many. */
export const deleteDownloads = (email: string): Promise<number> => Bucket.deleteUnder(downloadsOf(email));
