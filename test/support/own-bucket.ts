import { randomUUID } from "node:crypto";
import { CreateBucketCommand } from "@aws-sdk/client-s3";
import { resetSettings } from "@site/core/config";
import { Evidence } from "@site/core/evidence";
import { s3 } from "@site/core/evidence/s3";

/** Points core at a fresh bucket of its own on the shared s3rver (BUCKET_NAME), and answers its name. */
export async function useOwnBucket(prefix: string): Promise<string> {
  const name = `${prefix}-${randomUUID().slice(0, 8)}`;
  process.env.BUCKET_NAME = name;
  resetSettings();
  Evidence.resetS3();
  await s3().send(new CreateBucketCommand({ Bucket: name }));
  return name;
}
