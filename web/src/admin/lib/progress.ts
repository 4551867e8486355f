/** Progress of a chunked server operation or a paged export. */
export interface OperationProgress {
  /** units finished so far (rows deleted, rows exported) */
  completed: number;
  /** best current estimate of all units; null until the first answer */
  total: number | null;
}

/** 0–100; 0 before anything is known, 100 when there was nothing to do. */
export function progressPercentOf(progress: OperationProgress, done = false): number {
  if (done) return 100;
  if (progress.total === null) return 0;
  if (progress.total <= 0) return 100;
  return Math.min(100, Math.max(0, (progress.completed / progress.total) * 100));
}

/** A delete chunk answered `{deleted, remaining}`: add it to what came before. */
export function addChunk(previous: OperationProgress, deleted: number, remaining: number): OperationProgress {
  const completed = previous.completed + Math.max(0, deleted);
  return { completed, total: completed + Math.max(0, remaining) };
}
