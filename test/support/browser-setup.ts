import { randomBytes } from "node:crypto";
import type { TestProject } from "vitest/node";
import { SETTING_NAMES } from "@site/core/config";
import { startEphemeralStack, type RunningStack } from "../../scripts/bench/stack-process";

/**
 * The stack, and the key of the hash it names people by where they outlive their records (the
 * suppression list, deletion requests): a test that calls core beside the stack keys them the same.
 */
export type StackInfo = Omit<RunningStack, "stop"> & { auditHashKey: string };

declare module "vitest" {
  export interface ProvidedContext {
    stack: StackInfo;
  }
}

/**
 * Every browser test reaches the stack from 127.0.0.1, so to the per-client rate limits the whole
 * suite is one visitor submitting dozens of forms a minute (four guide requests in guides.test.ts,
 * one more in admin-navigation's and mail-suppression's: a sixth within a minute was refused, and a
 * test waited for a toast that could not come). The limits themselves are tested in the integration
 * tests (leads, signatures, reports, privacy, uploads, beacons); here they get a crowd's headroom.
 */
const ONE_ADDRESS_SUITE_LIMITS = Object.fromEntries(SETTING_NAMES.filter((name) => name.endsWith("_RATE_LIMIT_PER_MINUTE")).map((name) => [name, "1000"]));

/**
 * The whole local stack as `npm start` runs it (built site, real emulators), but on free ports with
 * throw-away data and the rate limits above, for the whole browser run.
 */
export default async function setup(project: TestProject) {
  const auditHashKey = randomBytes(32).toString("base64url");
  const { stop, ...info } = await startEphemeralStack({ ...ONE_ADDRESS_SUITE_LIMITS, AUDIT_HASH_KEY: auditHashKey });
  project.provide("stack", { ...info, auditHashKey });
  return stop;
}
