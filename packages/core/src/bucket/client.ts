import { S3Client } from "@aws-sdk/client-s3";
import { settings } from "../config";
import { injectFaults } from "../faults/sdk";
import { SERVICE_TIMEOUTS, sdkRequestHandler } from "../util/sdk-http";

let client: S3Client | undefined;

/** s3rver's built-in account: it checks request signatures against these. */
const S3RVER_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

/**
 * The private bucket (evidence, export files, large privacy downloads): one S3 client per process
 * (per Lambda cold start); with S3_ENDPOINT set, s3rver.
 */
export function s3(): S3Client {
  if (!client) {
    const s = settings();
    client = new S3Client({
      region: s.AWS_REGION,
      // s3rver serves buckets by path (http://host:port/bucket/key), not as subdomains.
      ...(s.S3_ENDPOINT ? { endpoint: s.S3_ENDPOINT, forcePathStyle: true, credentials: S3RVER_CREDENTIALS } : {}),
      maxAttempts: 3,
      requestHandler: sdkRequestHandler(SERVICE_TIMEOUTS),
    });
    injectFaults(client, "s3");
  }
  return client;
}

export const bucket = () => settings().BUCKET_NAME;

/** For tests that switch endpoints or buckets between runs. */
export function resetS3() {
  client?.destroy();
  client = undefined;
}
