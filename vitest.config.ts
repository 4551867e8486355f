import { availableParallelism } from "node:os";
import { resolve } from "node:path";
import { defineConfig } from "vitest/config";

/**
 * Vitest's default is one worker fewer than the cores: one on a 2-core machine. Two run side by side
 * (unit: 155 s → 97 s measured on 2 cores; integration files mostly wait on the emulators).
 */
const workers = Math.max(2, availableParallelism() - 1);

/**
 * A passing test prints nothing: the application's log lines (and any console output) are shown only
 * for a test that fails. POWERTOOLS_DEV makes the structured logger (packages/core/src/log) write
 * through the global console, which vitest holds back, instead of straight to stdout.
 */
const quiet = { env: { POWERTOOLS_DEV: "true" } };

/**
 * Four projects, run in this order by `npm test` (scripts/test.mjs):
 * - unit: pure logic, no process or network
 * - integration: handlers and adapters against DynamoDB Local, s3rver and cognito-local started on
 *   free ports by test/support/global-setup.ts
 * - infra: SST stacks synthesized offline, asserting on the CloudFormation template
 * - browser: the built site on the whole local stack, driven by headless Chromium
 */
export default defineConfig({
  test: {
    silent: "passed-only",
    projects: [
      {
        // Web component tests render with web's React 19; SWR is hoisted to the root, next to an
        // older React another tool brings, so it is bundled (inline) and pointed at web's copy
        // (whose built-in useSyncExternalStore stands in for the shim, as in React ≥ 18).
        resolve: {
          alias: {
            react: resolve("web/node_modules/react"),
            "react-dom": resolve("web/node_modules/react-dom"),
            "use-sync-external-store/shim": resolve("web/node_modules/react"),
            "react-remove-scroll": resolve("test/support/remove-scroll.ts"),
          },
        },
        test: {
          name: "unit",
          ...quiet,
          // worker threads start faster than forked processes, and these tests share no process state
          pool: "threads",
          maxWorkers: workers,
          include: ["packages/*/test/**/*.test.ts", "web/test/**/*.test.ts"],
          // one process per worker, not per file: 104 s → 65 s for the step on 2 cores, measured
          isolate: false,
          setupFiles: ["test/support/fresh-modules.ts"],
          exclude: ["**/*.int.test.ts", "**/node_modules/**"],
          // @mantine/hooks is hoisted to the root too (its `react` import must reach web's copy).
          server: { deps: { inline: ["swr", /@mantine\//] } },
        },
      },
      {
        test: {
          name: "integration",
          ...quiet,
          // each file has its own outbox, sheets directory and default petition (test/support/env.ts), so
          // files run side by side
          maxWorkers: workers,
          // A worker runs its files one after another in one process: node_modules (the AWS SDK above
          // all) load once per worker, not once per file; test/support/env.ts gives each file a fresh
          // environment and fresh project modules. 417 s → 320 s for the step on 2 cores, measured.
          isolate: false,
          include: ["packages/*/test/**/*.int.test.ts", "test/integration/**/*.test.ts"],
          globalSetup: ["test/support/global-setup.ts"],
          setupFiles: ["test/support/env.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // expect.poll waits for work in flight (a sync, a queued e-mail): 1 s, its default, is too short on a busy 2-core machine
          expect: { poll: { timeout: 15_000 } },
        },
      },
      {
        test: {
          name: "infra",
          ...quiet,
          maxWorkers: workers,
          // one process per worker: aws-cdk-lib and SST load once, not once per file (46 s → 21 s alone on 2
          // cores, measured); synth.ts undoes each synthesis's environment overrides
          isolate: false,
          include: ["stacks/test/**/*.test.ts"],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: "browser",
          ...quiet,
          include: ["test/browser/**/*.test.ts", "test/build/**/*.test.ts"],
          globalSetup: ["test/support/browser-setup.ts"],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // one process for every file: Chromium launched once (test/support/browser.ts), Playwright loaded once
          isolate: false,
          // the accessibility sweep's pages at once (it.concurrent); more only makes the two cores thrash
          maxConcurrency: 3,
        },
      },
    ],
  },
});
