/**
 * Keeps a sender at or under `perSecond`: each call waits for the next free slot, slots 1/perSecond
 * apart, however many callers wait at once. A slot not used when it comes is not saved up. The first
 * slot is one gap after the pacer is made, so consecutive batches (each with a pacer of its own) keep
 * the spacing too. The clock is monotonic: a wall clock set back or forth never stalls a sender.
 */
export function pacer(perSecond: number, now: () => number = () => performance.now()): () => Promise<void> {
  const gapMs = 1000 / perSecond;
  let next = now() + gapMs;
  return async () => {
    const at = Math.max(now(), next);
    next = at + gapMs;
    const wait = at - now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  };
}
