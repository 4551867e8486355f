import { describe, expect, it } from "vitest";
import { auditStatusNote } from "../src/admin/lib/audit";

describe("audit trail status", () => {
  it("marks operations that have not finished, and nothing else", () => {
    expect(auditStatusNote("running")).toBe("Not finished");
    expect(auditStatusNote("completed")).toBeNull();
    expect(auditStatusNote(undefined)).toBeNull();
  });
});
