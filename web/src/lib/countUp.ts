/** Count-up animation math (spec §9: 50 ms ticks over 2000 ms, from 0 to the target). */
export const COUNT_UP_TICK_MS = 50;
export const COUNT_UP_DURATION_MS = 2000;

export function countUpSteps(durationMs = COUNT_UP_DURATION_MS, tickMs = COUNT_UP_TICK_MS): number {
  return Math.max(1, Math.round(durationMs / tickMs));
}

/** The value shown after `tick` ticks (0 = before the first tick). Reaches exactly `target` on the last. */
export function countUpValue(target: number, tick: number, steps = countUpSteps()): number {
  if (tick <= 0) return 0;
  if (tick >= steps) return target;
  return Math.floor((target * tick) / steps);
}

/** All values shown, one per tick, ending at the target. */
export function countUpFrames(target: number, steps = countUpSteps()): number[] {
  return Array.from({ length: steps }, (_, i) => countUpValue(target, i + 1, steps));
}
