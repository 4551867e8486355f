import { InternalServerError, ProvisionedThroughputExceededException, ThrottlingException } from "@aws-sdk/client-dynamodb";
import { S3ServiceException } from "@aws-sdk/client-s3";
import { InternalServiceErrorException, TooManyRequestsException } from "@aws-sdk/client-sesv2";

/**
 * The errors the real services answer, as the SDK raises them (its own exception classes, with the
 * HTTP status in `$metadata`): the SDK's retry strategy and our error mapping cannot tell them apart
 * from a real throttle or outage. One per fault kind of faults/spec.ts's AWS targets.
 */
const metadata = (httpStatusCode: number) => ({ httpStatusCode, requestId: "injected-fault", attempts: 1, totalRetryDelay: 0 });

export function dynamodbError(kind: string): Error {
  if (kind === "throttle")
    return new ThrottlingException({ message: "Throughput exceeds the current capacity for one or more global secondary indexes.", $metadata: metadata(400) });
  if (kind === "capacity")
    return new ProvisionedThroughputExceededException({
      message: "The level of configured provisioned throughput for the table was exceeded.",
      $metadata: metadata(400),
    });
  return new InternalServerError({ message: "Internal server error", $metadata: metadata(500) });
}

export function s3Error(): Error {
  return new S3ServiceException({ name: "SlowDown", $fault: "server", message: "Please reduce your request rate.", $metadata: metadata(503) });
}

export function sesError(kind: string): Error {
  if (kind === "throttle") return new TooManyRequestsException({ message: "Maximum sending rate exceeded.", $metadata: metadata(429) });
  return new InternalServiceErrorException({ message: "Service unavailable", $metadata: metadata(503) });
}
