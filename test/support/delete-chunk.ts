import { vi } from "vitest";
import { resetSettings } from "@site/core/config";

/** Records per call of a delete-all in the files that prove chunking: a tenth of production's 500, the same code paths on a tenth of the rows. */
export const TEST_DELETE_CHUNK = 50;

/** Sets DELETE_CHUNK to TEST_DELETE_CHUNK for the calling file (test/support/env.ts restores the environment after it). */
export function smallDeleteChunks(): void {
  vi.stubEnv("DELETE_CHUNK", String(TEST_DELETE_CHUNK));
  resetSettings();
}
