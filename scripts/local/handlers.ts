import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { repoRoot } from "./paths";

type AnyHandler = (event: unknown, context: unknown) => Promise<unknown>;
const cache = new Map<string, Promise<AnyHandler>>();

/**
 * Loads a handler by its SST reference ("packages/functions/src/http/health.handler"), exactly the
 * module the deployed Lambda runs.
 */
export function loadHandler(ref: string): Promise<AnyHandler> {
  let loaded = cache.get(ref);
  if (!loaded) {
    const dot = ref.lastIndexOf(".");
    const file = join(repoRoot, `${ref.slice(0, dot)}.ts`);
    const name = ref.slice(dot + 1);
    loaded = import(pathToFileURL(file).href).then((mod) => {
      const fn = mod[name];
      if (typeof fn !== "function") throw new Error(`${file} has no export ${name}`);
      return fn as AnyHandler;
    });
    cache.set(ref, loaded);
  }
  return loaded;
}

/** A Lambda context good enough for handlers that only log with it. */
export const lambdaContext = (name: string) => ({
  functionName: name,
  functionVersion: "$LATEST",
  invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${name}`,
  memoryLimitInMB: "1024",
  awsRequestId: crypto.randomUUID(),
  logGroupName: `/aws/lambda/${name}`,
  logStreamName: "local",
  callbackWaitsForEmptyEventLoop: false,
  getRemainingTimeInMillis: () => 30_000,
  done: () => {},
  fail: () => {},
  succeed: () => {},
});
