import { defineConfig } from "vitest/config";

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
    projects: [
      {
        test: {
          name: "unit",
          include: ["packages/*/test/**/*.test.ts", "web/test/**/*.test.ts"],
          exclude: ["**/*.int.test.ts", "**/node_modules/**"],
        },
      },
      {
        test: {
          name: "integration",
          include: ["packages/*/test/**/*.int.test.ts", "test/integration/**/*.test.ts"],
          globalSetup: ["test/support/global-setup.ts"],
          setupFiles: ["test/support/env.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: "infra",
          include: ["stacks/test/**/*.test.ts"],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: "browser",
          include: ["test/browser/**/*.test.ts", "test/build/**/*.test.ts"],
          globalSetup: ["test/support/browser-setup.ts"],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
