import { describe, expect, it } from "vitest";
import { countsOf, defaultTitle, unionOf, type Member } from "../src/cases/counts";
import { newHead } from "../src/cases/head";
import { PART, decodeRow, indexItem, toRow } from "../src/cases/index-item";
import { CaseMerge, CaseNote, CasePatch, CaseSplit } from "../src/cases/input";
import { placementOf } from "../src/cases/proposal-plan";
import { caseReference } from "../src/cases/reference";
import { CASE_STATUSES, PUBLIC_STATUS_LABELS, STATUS_LABELS } from "../src/cases/status";
import { sortableId } from "../src/util/id";

const member = (n: number, extra: Partial<Member> = {}): Member => ({
  reportId: `r${n}`,
  reference: `TSR-0000-000${n}`,
  createdAt: `2026-01-0${n}T12:00:00.000Z`,
  publishConsent: false,
  wantUpdates: false,
  scamTypes: ["upfront_fees"],
  state: "FL",
  amountLost: null,
  dateOccurred: "2025-12-01",
  identifiers: [],
  ...extra,
});

describe("placementOf: where a new report goes", () => {
  it("nothing without a match", () => {
    expect(placementOf([])).toEqual({ kind: "none" });
  });

  it("a new proposal with the free matched reports", () => {
    expect(placementOf([{ id: "a" }, { id: "b" }])).toEqual({ kind: "new", free: ["a", "b"] });
  });

  it("joins the proposal most matches are in, folds the others in, and brings the free ones", () => {
    const placed = placementOf([{ id: "a", proposalId: "p2" }, { id: "b", proposalId: "p1" }, { id: "c", proposalId: "p2" }, { id: "d" }]);
    expect(placed).toEqual({ kind: "join", proposalId: "p2", fold: ["p1"], free: ["d"] });
  });

  it("on a tie joins the oldest proposal", () => {
    expect(
      placementOf([
        { id: "a", proposalId: "p9" },
        { id: "b", proposalId: "p1" },
      ]),
    ).toMatchObject({ proposalId: "p1", fold: ["p9"] });
  });

  it("a case wins over proposals: proposed to join the case most matches are in (the newest on a tie)", () => {
    const placed = placementOf([{ id: "a", caseId: "c1" }, { id: "b", caseId: "c2" }, { id: "c", proposalId: "p1" }, { id: "d" }]);
    expect(placed).toEqual({ kind: "case", caseId: "c2", free: ["d"] });
    expect(
      placementOf([
        { id: "a", caseId: "c1" },
        { id: "b", caseId: "c1" },
        { id: "c", caseId: "c2" },
      ]),
    ).toMatchObject({ caseId: "c1" });
  });
});

describe("countsOf: a case's figures from its members", () => {
  it("counts, sums and spans them", () => {
    const counts = countsOf([
      member(3, { publishConsent: true, amountLost: 1200, state: "GA", scamTypes: ["refund_exit", "upfront_fees"] }),
      member(1, { amountLost: 300 }),
      member(2, { state: "", amountLost: null, identifiers: [{ type: "phone", value: "+14075550199", shown: "(407) 555-0199" }] }),
    ]);
    expect(counts).toMatchObject({
      reports: 3,
      consenting: 1,
      amountLost: 1500,
      states: ["FL", "GA"],
      scamTypes: ["refund_exit", "upfront_fees"],
      firstReportAt: "2026-01-01T12:00:00.000Z",
      lastReportAt: "2026-01-03T12:00:00.000Z",
    });
    expect(counts.identifiers).toEqual([{ type: "phone", value: "+14075550199", shown: "(407) 555-0199" }]);
  });

  it("of no member is all zero", () => {
    expect(countsOf([])).toEqual({ reports: 0, consenting: 0, amountLost: 0, states: [], scamTypes: [], firstReportAt: "", lastReportAt: "", identifiers: [] });
  });

  it("keeps one identifier per type and value, as first written", () => {
    const a = { type: "company", value: "exit pros", shown: "Exit Pros LLC" };
    const b = { type: "company", value: "exit pros", shown: "EXIT PROS, L.L.C." };
    expect(unionOf([[a], [b]])).toEqual([a]);
  });

  it("titles a case by its first company, else its first identifier, else its reference", () => {
    const phone = { type: "phone", value: "+1", shown: "(407) 555-0199" };
    expect(defaultTitle([phone, { type: "company", value: "exit pros", shown: "Exit Pros LLC" }], "CASE-X")).toBe("Exit Pros LLC");
    expect(defaultTitle([phone], "CASE-X")).toBe("(407) 555-0199");
    expect(defaultTitle([], "CASE-X")).toBe("CASE-X");
  });
});

describe("caseReference", () => {
  it("is CASE- and six characters of Crockford base 32, the same for the same id", () => {
    const id = sortableId();
    expect(caseReference(id)).toMatch(/^CASE-[0-9A-HJKMNP-TV-Z]{6}$/);
    expect(caseReference(id)).toBe(caseReference(id));
  });

  it("differs between ids (the random end)", () => {
    const refs = new Set(Array.from({ length: 200 }, () => caseReference(sortableId())));
    expect(refs.size).toBeGreaterThan(195);
  });
});

describe("the case routes' bodies", () => {
  it("a patch needs a change, a known status, an e-mail or null as assignee", () => {
    expect(CasePatch.safeParse({}).success).toBe(false);
    expect(CasePatch.safeParse({ status: "archived" }).success).toBe(false);
    expect(CasePatch.safeParse({ assignee: "not an address" }).success).toBe(false);
    expect(CasePatch.safeParse({ title: "  " }).success).toBe(false);
    expect(CasePatch.safeParse({ other: 1, status: "open" }).success).toBe(false);
    expect(CasePatch.parse({ status: "referred", assignee: null, title: " Exit Pros " })).toEqual({ status: "referred", assignee: null, title: "Exit Pros" });
  });

  it("a note is text of 1 to 4,000 characters", () => {
    expect(CaseNote.safeParse({ text: "" }).success).toBe(false);
    expect(CaseNote.safeParse({ text: "x".repeat(4001) }).success).toBe(false);
    expect(CaseNote.parse({ text: " Called the AG. " })).toEqual({ text: "Called the AG." });
  });

  it("a merge names a case by id or reference; a split lists report ids", () => {
    expect(CaseMerge.safeParse({ caseId: sortableId() }).success).toBe(true);
    expect(CaseMerge.safeParse({ caseId: "case-7k3m9q" }).success).toBe(true);
    expect(CaseMerge.safeParse({ caseId: "TSR-1234-5678" }).success).toBe(false);
    expect(CaseSplit.safeParse({ reportIds: [] }).success).toBe(false);
    expect(CaseSplit.safeParse({ reportIds: ["nope"] }).success).toBe(false);
    expect(CaseSplit.safeParse({ reportIds: [sortableId()] }).success).toBe(true);
  });
});

describe("statuses and the index row", () => {
  it("labels every status, for administrators and for reporters", () => {
    for (const s of CASE_STATUSES) {
      expect(STATUS_LABELS[s]).toBeTruthy();
      expect(PUBLIC_STATUS_LABELS[s]).toBeTruthy();
    }
    expect(STATUS_LABELS.referred).toBe("Referred to an authority");
  });

  it("packs a case's row and reads it back", () => {
    const head = { ...newHead(sortableId(), "Exit Pros LLC"), ...countsOf([member(1, { amountLost: 900 }), member(2, { state: "GA" })]) };
    const item = indexItem(head) as unknown as { sk: string; r: string; o2: string };
    expect(decodeRow(PART, item.sk, item.r)).toEqual(toRow(head));
    expect(item.o2.startsWith("000000002")).toBe(true);
  });
});
