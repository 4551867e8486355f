import type { Context } from "aws-lambda";
import { log } from "@site/core/log";
import type { StreamBatchResponse, StreamEvent, StreamRecord } from "@site/core/streams/records";
import { loadSecrets } from "./secrets";

/**
 * A stream consumer's handler (packages/functions/src/streams.ts): runs `impl` over the batch's
 * records and answers that every record is done. A failure throws, and Lambda gives the whole batch
 * again, from its first record (the counts it made are applied once: streams/apply-once.ts).
 */
export function StreamHandler(impl: (records: readonly StreamRecord[]) => Promise<unknown>) {
  return async (event: StreamEvent, context?: Context): Promise<StreamBatchResponse> => {
    if (context?.awsRequestId) log.addContext(context);
    await loadSecrets();
    await impl(event.Records ?? []);
    return { batchItemFailures: [] };
  };
}
