import { describe, expect, it } from "vitest";
import { MAX_MILESTONES, Milestones, defaultMilestones, parseMilestoneText } from "../src/petition/input";

const messageOf = (input: unknown) => {
  const result = Milestones.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe("a petition's milestones", () => {
  it("default to 1,000, 10,000 and the goal, each once and never past the goal", () => {
    expect(defaultMilestones(100_000)).toEqual([1_000, 10_000, 100_000]);
    expect(defaultMilestones(10_000)).toEqual([1_000, 10_000]);
    expect(defaultMilestones(500)).toEqual([500]);
  });

  it("are read from a list or from the edit form's text, in ascending order", () => {
    expect(Milestones.parse([10_000, 1_000])).toEqual([1_000, 10_000]);
    expect(Milestones.parse("1,000, 10,000; 25000 50")).toEqual([50, 1_000, 10_000, 25_000]);
    expect(Milestones.parse("")).toEqual([]);
    expect(parseMilestoneText("1000,2000")).toEqual([1000, 2000]);
  });

  it("refuse what is not a list of whole, distinct, positive counts, saying why", () => {
    expect(messageOf([0])).toBe("Each milestone must be at least 1 signature");
    expect(messageOf([2.5])).toBe("Each milestone must be a whole number of signatures");
    expect(messageOf("ten thousand")).toBe("Each milestone must be a whole number of signatures");
    expect(messageOf([7, 7])).toBe("Each milestone may be listed only once");
    expect(messageOf([2_000_000_000])).toBe("Each milestone must be at most 1,000,000,000 signatures");
    expect(messageOf(Array.from({ length: MAX_MILESTONES + 1 }, (_, i) => i + 1))).toBe(`At most ${MAX_MILESTONES} milestones`);
    expect(messageOf({ a: 1 })).toBe("Milestones must be a list of signature counts");
  });
});
