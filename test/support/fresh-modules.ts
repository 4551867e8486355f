import { afterAll, vi } from "vitest";

/**
 * The unit project's files share their worker (vitest.config.ts: no isolation, so React, Mantine and
 * the rest of node_modules load once per worker): once a file is done, the project's own modules
 * are dropped, so the next file's `vi.mock`s take effect and no module state crosses between files.
 */
afterAll(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.resetModules();
});
