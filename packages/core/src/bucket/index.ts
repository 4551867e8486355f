export * as Bucket from "./index";

import { DeleteObjectsCommand, GetObjectCommand, ListObjectsV2Command } from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { attachmentDisposition } from "./disposition";
import { bucket, s3 } from "./client";

/**
 * The private bucket, on the floor: its client (client.ts) and the two things every module that
 * keeps files there does with them: hand out a short-lived link that downloads one file (evidence,
 * an export, a large privacy download), and delete everything under a prefix.
 */
export { bucket, resetS3, s3 } from "./client";
export { attachmentDisposition } from "./disposition";

/**
 * A presigned GET of `key` that saves the file as `fileName` (never shown inline on our origin),
 * working `expiresInSeconds`. Deployed, it is signed with the function's role, which must be able to
 * read the object (`bucket: "read"` or `"write"`).
 */
export function downloadLink(key: string, fileName: string, expiresInSeconds: number): Promise<string> {
  return getSignedUrl(s3(), new GetObjectCommand({ Bucket: bucket(), Key: key, ResponseContentDisposition: attachmentDisposition(fileName) }), {
    expiresIn: expiresInSeconds,
  });
}

/** Deletes every object under `prefix` (ListObjectsV2 and DeleteObjects, 1,000 keys a request); answers how many. */
export async function deleteUnder(prefix: string): Promise<number> {
  let deleted = 0;
  let token: string | undefined;
  do {
    const page = await s3().send(new ListObjectsV2Command({ Bucket: bucket(), Prefix: prefix, ContinuationToken: token }));
    const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
    if (keys.length) {
      const res = await s3().send(new DeleteObjectsCommand({ Bucket: bucket(), Delete: { Objects: keys, Quiet: true } }));
      if (res.Errors?.length)
        throw new Error(`could not delete ${res.Errors.length} object(s) under ${prefix}, e.g. ${res.Errors[0].Key}: ${res.Errors[0].Code}`);
      deleted += keys.length;
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return deleted;
}
