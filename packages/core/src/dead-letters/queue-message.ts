import { EVENT_SOURCE } from "../bus/source";
import type { Failure } from "./index";

/**
 * A message of the subscribers' dead-letter queue (stacks/Events.ts) read as a Failure, whichever
 * sent it: Lambda's on-failure destination of an asynchronous invocation (the event in
 * `requestPayload`), a stream mapping's on-failure destination (`DDBStreamBatchInfo`: the batch's
 * place in the stream, no event), or an EventBridge rule target's dead-letter queue (the event
 * itself, the error in the message's attributes). Pure.
 */
export interface QueueMessage {
  body: string;
  messageAttributes?: Record<string, { stringValue?: string } | undefined>;
}

interface Envelope {
  source?: string;
  "detail-type"?: string;
  id?: string;
  detail?: { metadata?: { id?: string }; properties?: unknown } & Record<string, unknown>;
}

const functionName = (arn: unknown) => (typeof arn === "string" ? (arn.split(":function:")[1]?.split(":")[0] ?? arn) : "unknown");

function ofEvent(event: Envelope, target: string, error: string): Failure {
  const own = event.source === EVENT_SOURCE && typeof event.detail?.metadata?.id === "string";
  return {
    source: "subscriber",
    target,
    ...(own ? { detailType: event["detail-type"], eventId: event.detail!.metadata!.id, detail: event.detail!.properties } : {}),
    error: own ? error : `${event.source ?? "unknown source"} ${event["detail-type"] ?? ""}: ${error}`.trim(),
  };
}

export function failureOf(message: QueueMessage): Failure {
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(message.body) as Record<string, unknown>;
  } catch {
    return { source: "subscriber", target: "unknown", error: `unreadable dead letter: ${message.body.slice(0, 200)}` };
  }
  const context = body.requestContext as { functionArn?: string; condition?: string } | undefined;
  if (body.DDBStreamBatchInfo) {
    const info = body.DDBStreamBatchInfo as { batchSize?: number; startSequenceNumber?: string; endSequenceNumber?: string };
    return {
      source: "stream",
      target: functionName(context?.functionArn),
      error: `${info.batchSize ?? "?"} records (${info.startSequenceNumber ?? "?"} to ${info.endSequenceNumber ?? "?"}): ${context?.condition ?? "failed"}`,
    };
  }
  if (body.requestPayload) {
    const response = body.responsePayload as { errorMessage?: string; errorType?: string } | undefined;
    return ofEvent(body.requestPayload as Envelope, functionName(context?.functionArn), response?.errorMessage ?? context?.condition ?? "failed");
  }
  const attribute = (name: string) => message.messageAttributes?.[name]?.stringValue;
  const error = [attribute("ERROR_CODE"), attribute("ERROR_MESSAGE")].filter(Boolean).join(": ") || "delivery failed";
  return ofEvent(body as Envelope, functionName(attribute("TARGET_ARN")), error);
}
