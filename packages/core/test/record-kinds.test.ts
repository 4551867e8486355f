import { describe, expect, it } from "vitest";
import { RECORD_KINDS } from "../src/db/person-index";
import { COUNTED_KINDS } from "../src/policy/personal-record";
import { KINDS, SHEET_TABS, kindNamed, sheetTab } from "../src/privacy/kinds";
import { LEAD_FORMS, leadSheetTabId } from "../src/lead/forms";
import { Keys } from "../src/db/keys";
import { sortableId } from "../src/util/id";

/** The registry of kinds of personal record (privacy/kinds.ts) is complete and each descriptor whole. */
describe("the kinds of personal record", () => {
  it("describe every kind the person index holds, once", () => {
    const names = KINDS.map((k) => k.kind);
    expect(new Set(names).size).toBe(names.length);
    for (const kind of RECORD_KINDS) expect(kindNamed(kind), kind).toBeDefined();
  });

  it("give every kind an erasure reaches a way to remove it, and the others a way to be found", () => {
    for (const kind of KINDS) {
      if (kind.erasure !== "kept: holds no address") expect(kind.remove, kind.kind).toBeTypeOf("function");
      // a kind made by defineKind (it has its labels) is in the person index under its own name
      if (!(RECORD_KINDS as readonly string[]).includes(kind.kind) && kind.erasure !== "kept: holds no address" && !kind.labels)
        expect(kind.find, kind.kind).toBeTypeOf("function");
    }
  });

  it("count each kind the person sees exactly once, and describe it", () => {
    const counted = KINDS.flatMap((k) => (k.counted ? [k.counted] : []));
    // the product's four, and the kinds made by defineKind (a scam alert's correction request)
    expect(counted.sort()).toEqual([...COUNTED_KINDS, "scamAlertCorrection"].sort());
    for (const kind of KINDS.filter((k) => k.counted)) expect(kind.describe, kind.kind).toBeTypeOf("function");
  });

  it("tell when a listed record was made from its key alone, where the key holds a sortable id (/my-data's order, a page at a time)", () => {
    const at = Date.parse("2025-03-08T14:15:00.000Z");
    const id = sortableId(at);
    expect(kindNamed("signature")!.madeAt!(Keys.signature("timeshare-reform", id))).toBe(at);
    expect(kindNamed("lead")!.madeAt!(Keys.lead(id))).toBe(at);
    expect(kindNamed("report")!.madeAt!(Keys.report(id))).toBe(at);
    // a key of another kind, or without a sortable id, tells nothing: such a record lists first
    expect(kindNamed("lead")!.madeAt!(Keys.report(id))).toBeUndefined();
    expect(kindNamed("report")!.madeAt!(Keys.report("not-an-id"))).toBeUndefined();
    expect(kindNamed("newsletter")!.madeAt).toBeUndefined();
  });

  it("state a retention rule with its constant for every kind", () => {
    for (const kind of KINDS) expect(kind.retention.after, kind.kind).toMatch(/^[A-Z_]+/);
    expect(KINDS.filter((k) => k.retention.run).map((k) => k.kind)).toEqual(["lead", "report", "signature", "newsletter", "scamAlertCorrection"]);
  });

  it("name the administrators' list of every kind that has one, each list once", () => {
    const lists = KINDS.flatMap((k) => (k.collection ? [k.collection.name] : []));
    expect(lists.sort()).toEqual(["leads", "newsletter", "privacy-requests", "reports", "scam-alert-corrections", "signatures"]);
  });

  it("name each spreadsheet tab and its sync job once", () => {
    const ids = SHEET_TABS.map((t) => t.id);
    expect(ids).toEqual(expect.arrayContaining(["signatures", "reports", ...LEAD_FORMS.map(leadSheetTabId)]));
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(SHEET_TABS.map((t) => t.job.KIND)).size).toBe(ids.length);
    expect(sheetTab("leads:checklist")?.job.KIND).toBe("sheets.leads.checklist");
  });
});
