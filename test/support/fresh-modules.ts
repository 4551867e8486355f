import { afterAll, vi } from "vitest";

/**
 * The unit project's files share their worker (vitest.config.ts: no isolation, so React, Mantine and
 * the rest of node_modules load once per worker): once a file is done, the project's own modules
 * are dropped, so the next file's `vi.mock`s take effect and no module state crosses between files.
 */
afterAll(async () => {
  // a lazy page or deferred part a test started may still be loading: if it finished after the reset
  // it would be evaluated against this file's mocks and served, cached, to the next file's imports
  await vi.dynamicImportSettled();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.resetModules();
});
