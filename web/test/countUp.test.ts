import { describe, expect, it } from "vitest";
import { COUNT_UP_DURATION_MS, COUNT_UP_TICK_MS, countUpFrames, countUpSteps, countUpValue } from "../src/lib/countUp";

describe("count-up animation", () => {
  it("ticks every 50 ms for 2000 ms: 40 steps", () => {
    expect(COUNT_UP_TICK_MS).toBe(50);
    expect(COUNT_UP_DURATION_MS).toBe(2000);
    expect(countUpSteps()).toBe(40);
  });

  it("starts at 0 and ends exactly at the target", () => {
    for (const target of [87, 10, 22, 1, 0]) {
      expect(countUpValue(target, 0)).toBe(0);
      const frames = countUpFrames(target);
      expect(frames).toHaveLength(40);
      expect(frames.at(-1)).toBe(target);
    }
  });

  it("never decreases and never overshoots", () => {
    const frames = countUpFrames(87);
    for (let i = 1; i < frames.length; i++) {
      expect(frames[i]!).toBeGreaterThanOrEqual(frames[i - 1]!);
      expect(frames[i]!).toBeLessThanOrEqual(87);
    }
  });

  it("is linear: half way through shows half the target", () => {
    expect(countUpValue(88, 20)).toBe(44);
    expect(countUpValue(10, 4)).toBe(1);
    expect(countUpValue(87, 100)).toBe(87);
  });
});
