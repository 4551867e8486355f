import { describe, expect, it } from "vitest";
import {
  SUBSCRIBER_CSV_COLUMNS,
  SUBSCRIBER_LIST,
  consentsOf,
  earlierConsentsOf,
  isoUtc,
  subscriberCells,
  subscribersCsv,
  type SubscriberRow,
} from "../src/newsletter/record";
import { isRowExpired, predicate } from "../src/newsletter/listing";
import { NAME_SEARCH, ORDERS } from "../src/newsletter/index-item";
import { sourceGroupOf, sourceGroupsOf, sourceLabel } from "../src/newsletter/sources";
import { RESUBSCRIBE_SOURCE } from "../src/newsletter/unsubscribe";

const row = (over: Partial<SubscriberRow> = {}): SubscriberRow => ({
  id: "ana@example.com",
  email: "ana@example.com",
  name: "Ana Lima",
  status: "confirmed",
  sources: "petition:timeshare-reform,lead:checklist",
  consents: JSON.stringify([
    { source: "petition:timeshare-reform", at: "2025-03-07T15:04:05.000Z" },
    { source: "lead:checklist", at: "2025-03-08T01:02:03Z" },
    { source: "petition:timeshare-reform", at: "2025-04-01T00:00:00.000Z" },
  ]),
  firstConsentAt: "2025-03-07T15:04:05.000Z",
  lastConsentAt: "2025-04-01T00:00:00.000Z",
  confirmedAt: "2025-03-07T16:00:00.000Z",
  unsubscribedAt: "",
  expiresAt: 0,
  consentCount: 3,
  ...over,
});

describe("the subscribers' CSV", () => {
  it("has the mail providers' header and one row per subscriber, every consent's source and time `; `-joined in order", () => {
    expect(SUBSCRIBER_CSV_COLUMNS.join(",")).toBe("Email Address,Name,Status,Consent Sources,Consent Times,Confirmed At,Unsubscribed At,Earlier Consents");
    expect(subscriberCells(row())).toEqual([
      "ana@example.com",
      "Ana Lima",
      "confirmed",
      "petition:timeshare-reform; lead:checklist; petition:timeshare-reform",
      "2025-03-07T15:04:05.000Z; 2025-03-08T01:02:03.000Z; 2025-04-01T00:00:00.000Z",
      "2025-03-07T16:00:00.000Z",
      "",
      "0",
    ]);
    const csv = subscribersCsv([
      row(),
      row({
        id: "b@example.com",
        email: "b@example.com",
        name: 'Bo "B" Ng',
        status: "unsubscribed",
        sources: "scam-report",
        consents: '[{"source":"scam-report","at":"2025-05-05T05:05:05.000Z"}]',
        confirmedAt: "",
        unsubscribedAt: "2025-06-01T12:00:00.000Z",
        consentCount: 40,
      }),
    ]);
    const lines = csv.split("\r\n");
    expect(lines).toHaveLength(4);
    expect(lines[0]).toBe('"Email Address","Name","Status","Consent Sources","Consent Times","Confirmed At","Unsubscribed At","Earlier Consents"');
    expect(lines[2]).toBe('"b@example.com","Bo ""B"" Ng","unsubscribed","scam-report","2025-05-05T05:05:05.000Z","","2025-06-01T12:00:00.000Z","39"');
    expect(lines[3]).toBe("");
  });

  it("reads consents defensively and keeps a time it cannot parse as it is", () => {
    expect(consentsOf({ consents: "not json" })).toEqual([]);
    expect(consentsOf({ consents: "" })).toEqual([]);
    expect(consentsOf({ consents: '{"source":"x"}' })).toEqual([]);
    expect(consentsOf({ consents: '[{"source":"x","at":"2025-01-01T00:00:00Z"},{"source":3},null]' })).toEqual([{ source: "x", at: "2025-01-01T00:00:00Z" }]);
    // a row from before the count says nothing of earlier consents
    expect(earlierConsentsOf(row({ consentCount: "" as unknown as number }))).toBe(0);
    expect(earlierConsentsOf(row({ consentCount: 12 }))).toBe(9);
    expect(isoUtc("")).toBe("");
    expect(isoUtc("2025-01-01T05:00:00+05:00")).toBe("2025-01-01T00:00:00.000Z");
    expect(isoUtc("someday")).toBe("someday");
  });
});

describe("source kinds", () => {
  it("groups every source the subscribers get into a kind an administrator reads", () => {
    expect(sourceGroupOf("petition:timeshare-reform")).toBe("petition");
    expect(sourceGroupOf("scam-report")).toBe("scam-report");
    expect(sourceGroupOf("lead:before-you-sign")).toBe("guide");
    expect(sourceGroupOf(RESUBSCRIBE_SOURCE)).toBe("unsubscribe-page");
    expect(sourceGroupOf("import")).toBeUndefined();
    expect(sourceGroupsOf("lead:checklist,petition:a,lead:before-you-sign,import")).toEqual(["petition", "guide"]);
    expect(sourceLabel("petition:timeshare-reform")).toBe("Petition: timeshare-reform");
    expect(sourceLabel("lead:checklist")).toBe("Free guide: checklist");
    expect(sourceLabel("scam-report")).toBe("Scam report");
    expect(sourceLabel("import")).toBe("import");
  });
});

describe("the list's filters", () => {
  const asOf = 1_750_000_000;
  it("always leave out rows past their TTL, and filter by status and source kind", () => {
    expect(isRowExpired({ expiresAt: 0 }, asOf)).toBe(false);
    expect(isRowExpired({ expiresAt: asOf + 1 }, asOf)).toBe(false);
    expect(isRowExpired({ expiresAt: asOf }, asOf)).toBe(true);
    const live = predicate({ asOf });
    expect(live).toBeTypeOf("function");
    expect(live!(row({ status: "unconfirmed", expiresAt: asOf + 60 }))).toBe(true);
    expect(live!(row({ status: "unconfirmed", expiresAt: asOf - 60 }))).toBe(false);
    const guides = predicate({ asOf, status: "confirmed", source: "guide" })!;
    expect(guides(row())).toBe(true);
    expect(guides(row({ status: "unsubscribed" }))).toBe(false);
    expect(guides(row({ sources: "scam-report" }))).toBe(false);
  });
});

describe("the subscriber's list declaration (newsletter/record.ts)", () => {
  it("packs its rows in their stored order, sorts without an id order and searches the address and the name", () => {
    expect(SUBSCRIBER_LIST.admin.fields).toEqual([
      "email",
      "name",
      "status",
      "sources",
      "consents",
      "firstConsentAt",
      "lastConsentAt",
      "confirmedAt",
      "unsubscribedAt",
      "expiresAt",
      "consentCount",
    ]);
    expect(Object.keys(ORDERS)).toEqual(["lastConsentAt", "email", "name", "status", "confirmedAt"]);
    expect(NAME_SEARCH.keys.map((k) => k.slot)).toEqual([2, 3, 6]);
  });
});
