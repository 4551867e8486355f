/** The integration tests' helper for attempts that must fall in one rate-limit minute (test/support/rate-window.ts). */
import { describe, expect, it } from "vitest";
import { inOneRateWindow } from "../../../test/support/rate-window";

/** A body that fails its first `failures` runs, turning the minute during each when `turns`. */
function body(failures: number, turns: boolean) {
  const state = { runs: 0, minute: 0 };
  const run = async () => {
    state.runs++;
    if (turns) state.minute++;
    if (state.runs <= failures) throw new Error(`failure ${state.runs}`);
  };
  return { state, run, minute: () => state.minute };
}

describe("inOneRateWindow (test support)", () => {
  it("runs a body that failed after a minute began once more", async () => {
    const b = body(1, true);
    await inOneRateWindow(b.run, b.minute);
    expect(b.state.runs).toBe(2);
  });

  it("runs a body that passed once, whatever the minute did", async () => {
    const b = body(0, true);
    await inOneRateWindow(b.run, b.minute);
    expect(b.state.runs).toBe(1);
  });

  it("throws a failure within one minute at once", async () => {
    const b = body(1, false);
    await expect(inOneRateWindow(b.run, b.minute)).rejects.toThrow("failure 1");
    expect(b.state.runs).toBe(1);
  });

  it("throws the second run's failure: one more run, not a loop", async () => {
    const b = body(5, true);
    await expect(inOneRateWindow(b.run, b.minute)).rejects.toThrow("failure 2");
    expect(b.state.runs).toBe(2);
  });
});
