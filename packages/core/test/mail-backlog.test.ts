import { describe, expect, it } from "vitest";
import { waitFor } from "../src/mail-queue/backlog";

const ceilings = { perSecond: 10, perDay: 100_000 };

describe("when a confirmation queued now should be sent", () => {
  it("is at once with nothing ahead", () => {
    expect(waitFor(0, 7, ceilings)).toEqual({ ahead: 0, seconds: 0 });
    expect(waitFor(-3, 7, ceilings)).toEqual({ ahead: 0, seconds: 0 });
  });

  it("is what is ahead at the drain's measured rate, never faster than the budget allows", () => {
    expect(waitFor(100, 5, ceilings)).toEqual({ ahead: 100, seconds: 20 });
    expect(waitFor(100, 50, ceilings)).toEqual({ ahead: 100, seconds: 10 });
    // no drain lately: the budget's rate stands in
    expect(waitFor(101, 0, ceilings)).toEqual({ ahead: 101, seconds: 11 });
  });

  it("counts the days when more waits than a day's share sends", () => {
    // 35,000 s at 10 a second, but three whole days' shares go first
    expect(waitFor(350_000, 10, ceilings)).toEqual({ ahead: 350_000, seconds: 3 * 86_400 });
    expect(waitFor(50_000, 10, ceilings)).toEqual({ ahead: 50_000, seconds: 5_000 });
  });
});
