import { Logger } from "@aws-lambda-powertools/logger";

/**
 * The one structured logger (Powertools Logger): JSON lines with level, timestamp and service, and
 * the Lambda context when a handler adds it. `LOG_LEVEL` (or POWERTOOLS_LOG_LEVEL) sets the level;
 * tests and benchmarks quiet it with LOG_LEVEL=ERROR.
 */
export const log = new Logger({
  serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? "timeshare-advocacy",
  logLevel: (process.env.LOG_LEVEL ?? process.env.POWERTOOLS_LOG_LEVEL ?? "INFO") as "INFO",
});

/** An error as log attributes: message and stack, never the request body. */
export const errorAttributes = (err: unknown) =>
  err instanceof Error ? { error: { name: err.name, message: err.message, stack: err.stack } } : { error: String(err) };
