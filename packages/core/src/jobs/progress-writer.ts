/** `RunContext.tick` writes a job's progress at most this often (each write is one write unit). */
export const PROGRESS_EVERY_MS = 1_000;

/**
 * Progress written through `write`: now (`report`, a phase's start or end), or only if `everyMs` have
 * passed since the last write (`tick`, inside a loop over pages or records), so a long operation costs
 * one write unit a second at most. Jobs use it (`RunContext`), and so does a person's erasure
 * (privacy/erasure.ts), which keeps its progress in its request.
 */
export function progressWriter<P>(write: (progress: P) => Promise<void>, everyMs = PROGRESS_EVERY_MS) {
  let reportedAt = performance.now();
  const now = async (progress: P) => {
    reportedAt = performance.now();
    await write(progress);
  };
  return {
    report: now,
    tick: async (progress: P) => {
      if (performance.now() - reportedAt >= everyMs) await now(progress);
    },
  };
}
