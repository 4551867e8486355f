import { describe, expect, it } from "vitest";
import { stateRows } from "../src/pages/PetitionPage/SignersByState";

describe("the table of signatures by state", () => {
  it("names the states, most signatures first, then by name, and leaves out what is not a state", () => {
    expect(stateRows({ TX: 3, CA: 5, DC: 3, XX: 9, FL: 0 })).toEqual([
      { code: "CA", name: "California", count: 5 },
      { code: "DC", name: "District of Columbia", count: 3 },
      { code: "TX", name: "Texas", count: 3 },
    ]);
    expect(stateRows({})).toEqual([]);
  });
});
