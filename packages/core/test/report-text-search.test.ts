import { describe, expect, it } from "vitest";
import type { Info } from "../src/report/index";
import { firstMatch, reportTexts, snippetOf, textPattern } from "../src/report/text-match";
import { TEXT_SEARCH_MESSAGES, TextSearchInput } from "../src/report/text-search-input";

/** The report-text search without a table: its input, the fields it reads, matching and snippets. */
const report = (extra: Partial<Info> = {}): Info =>
  ({
    id: "0mwrd2ewcabcdefghijkl",
    reference: "TSR-7K3M-9QX2",
    status: "new",
    reporter: { fullName: "Ana Lima", email: "ana@example.com", city: "Orlando", state: "FL", speakWithTeam: true, shareAnonymously: false },
    scamTypes: [
      { type: "fake_resale", claimedSaleAmount: 25000 },
      { type: "upfront_fees", amount: 1500, promisedServices: "A listing on a resale site" },
      { type: "high_pressure", tactics: "Four hours of\npresentation with free drinks", limitedTimeOrThreat: true },
      { type: "other", description: "They called my mother too, asking for a Closing Fee." },
    ],
    contactMethods: [{ method: "social_media", platform: "Facebook", profile: "Resale Pros" }],
    moneyLost: true,
    amountLost: 1500,
    dateOccurred: "2025-03-07",
    scammer: { name: "John Smith", company: "Resale Pros", website: null },
    evidence: [{ purpose: "details", key: "reports/x/contract.pdf", fileName: "contract.pdf", size: 10, contentType: "application/pdf" }],
    reportedElsewhere: true,
    reportedTo: "Florida Attorney General",
    wantUpdates: false,
    meta: { ipAddress: "203.0.113.9" } as Info["meta"],
    createdDate: "03/08/2025",
    createdTime: "09:15:00",
    createdAt: "2025-03-08T14:15:00.000Z",
    ...extra,
  }) as Info;

const find = (text: string, r = report()) => firstMatch(r, textPattern(text));

describe("the search text", () => {
  it("is 3 to 200 characters after trimming, without control characters", () => {
    expect(TextSearchInput.parse({ text: "  closing fee \n" })).toEqual({ text: "closing fee" });
    for (const text of ["  ab  ", "x".repeat(201), "", undefined, 42])
      expect(TextSearchInput.safeParse({ text }).error?.issues[0].message, String(text)).toBe(TEXT_SEARCH_MESSAGES.length);
    expect(TextSearchInput.safeParse({ text: "x".repeat(200) }).success).toBe(true);
    for (const text of ["fee\u0000s", "fee\u202e", "fee\ud800"])
      expect(TextSearchInput.safeParse({ text }).error?.issues[0].message).toBe(TEXT_SEARCH_MESSAGES.characters);
    expect(TextSearchInput.safeParse({ text: "fee 😀" }).success).toBe(true);
  });
});

describe("matching a report's text", () => {
  it("reads the long text fields first, then the other text fields, never the metadata", () => {
    expect(reportTexts(report()).map((f) => f.field)).toEqual([
      "Promised Services",
      "Tactics Used",
      "Description",
      "Scammer Name",
      "Company Name",
      "Full Name",
      "Email",
      "City",
      "State",
      "Platform",
      "Profile Name or Link",
      "Agency or Organization",
      "Evidence File",
    ]);
    expect(find("203.0.113")).toBeUndefined();
  });

  it("finds the text in any case, across line breaks, literally", () => {
    expect(find("closing fee")).toEqual({ field: "Description", snippet: "They called my mother too, asking for a Closing Fee." });
    expect(find("OF PRESENTATION")).toEqual({ field: "Tactics Used", snippet: "Four hours of presentation with free drinks" });
    expect(find("resale pros")).toMatchObject({ field: "Company Name" });
    expect(find("attorney general")).toMatchObject({ field: "Agency or Organization" });
    expect(find("contract.pdf")).toMatchObject({ field: "Evidence File" });
    expect(find("contract.p*")).toBeUndefined();
    expect(find("(555)", report({ scamTypes: [{ type: "other", description: "Call (555) 123" }] }))).toMatchObject({ field: "Description" });
    expect(find("transfer fee")).toBeUndefined();
  });

  it("cuts a long text around the hit, marking the cuts, never inside a character", () => {
    const text = `${"a".repeat(100)} needle ${"b".repeat(100)}`;
    expect(snippetOf(text, 101, 6)).toBe(`…${"a".repeat(59)} needle ${"b".repeat(59)}…`);
    expect(snippetOf("short needle", 6, 6)).toBe("short needle");
    // the window opens on the second half of an emoji: it moves past it
    const emoji = `x${"😀".repeat(40)}zneedle`;
    const cut = snippetOf(emoji, emoji.indexOf("needle"), 6);
    expect(cut.startsWith("…😀")).toBe(true);
    expect(cut.endsWith("needle")).toBe(true);
  });
});
