import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetSettings } from "../src/config";
import { Keys } from "../src/db/keys";
import { creationPuts, identifierKey, identifiersOf, removalDeletes } from "../src/report/identifier-items";
import type { Info } from "../src/report/info";
import { transaction } from "../src/report/index";
import { removalTransaction, removedEvent } from "../src/report/removal";
import { reportItem } from "../src/report/stored-item";

/** The identifier items in the report's transactions, without a table: what is written, what is deleted, and the sizes. */

const saved = process.env.TABLE_NAME;
beforeAll(() => {
  process.env.TABLE_NAME = "identifier-items-unit";
  resetSettings();
});
afterAll(() => {
  if (saved === undefined) delete process.env.TABLE_NAME;
  else process.env.TABLE_NAME = saved;
  resetSettings();
});

/** A report naming every identifier a report can name. */
const full = (extra: Partial<Info> = {}): Info =>
  ({
    id: "0mwrd2ewcabcdefghijkl",
    reference: "TSR-7K3M-9QX2",
    status: "new",
    reporter: { fullName: "Ana Lima", email: "ana@example.org", city: "Orlando", state: "FL", speakWithTeam: false, shareAnonymously: false },
    scamTypes: [{ type: "other", description: "x" }],
    contactMethods: [
      { method: "phone", countryCode: "+44", phoneNumber: "20 7946 0958" },
      { method: "email", emailAddress: "exit.pros@gmail.com" },
      { method: "social_media", platform: "Facebook", profile: "exitpros" },
      { method: "in_person", location: "Orlando", eventType: "Owner update" },
    ],
    moneyLost: false,
    dateOccurred: "2025-03-07",
    scammer: {
      name: "John Smith",
      company: "Exit Pros LLC",
      phone: "(407) 555-0199",
      email: "claims@exitpros-mail.example",
      website: "https://www.exitpros.example/claim",
    },
    evidence: [],
    reportedElsewhere: false,
    wantUpdates: false,
    meta: {} as Info["meta"],
    createdDate: "03/08/2025",
    createdTime: "09:15:00",
    createdAt: "2025-03-08T14:15:00.000Z",
    ...extra,
  }) as Info;

type Item = { Put?: { Item?: Record<string, unknown> }; Delete?: { Key?: Record<string, unknown> }; Update?: unknown };

describe("the identifier items of a report", () => {
  it("are one Put per identifier in the creation transaction, after the reference guard and the report, whose positions hold", () => {
    const report = full();
    const ids = identifiersOf(report);
    expect(ids.map(identifierKey)).toEqual([
      "company#exit pros",
      "person#john smith",
      "phone#+14075550199",
      "domain#exitpros.example",
      "domain#exitpros-mail.example",
      "phone#+442079460958",
      "profile#email:exit.pros@gmail.com",
      "profile#facebook:exitpros",
    ]);
    const items = transaction(report, "198.51.100.7").input.TransactItems as Item[];
    // RATE_AT 0, MAILBOX_AT 1, REFERENCE_AT 2 (index.ts reads cancellations by these positions)
    expect(items[0].Update).toBeDefined();
    expect(items[1].Update).toBeDefined();
    expect(items[2].Put?.Item).toMatchObject(Keys.reportRef(report.reference));
    expect(items[3].Put?.Item).toMatchObject(Keys.report(report.id));
    const puts = items.filter((i) => String(i.Put?.Item?.pk).startsWith("SCAMID#"));
    expect(puts.map((i) => i.Put!.Item)).toEqual(
      ids.map((id) => ({
        ...Keys.scamIdentifier(id.type, id.value, report.id),
        type: "scamIdentifier",
        identifierType: id.type,
        shown: id.shown,
        reportId: report.id,
        createdAt: report.createdAt,
      })),
    );
    expect(items.length).toBeLessThan(100);
    expect(creationPuts(report)).toHaveLength(ids.length);
    // the report item lists what was written
    expect(reportItem(report).identifierKeys).toEqual(new Set(ids.map(identifierKey)));
  });

  it("are deleted in the removal transaction: what the item lists and what the report names now, each once, with the case member and the event", () => {
    const report = full({ caseId: "0mwrd2ewcaseaaaaaaaaa" });
    const stale = "company#exit pros old spelling";
    const event = removedEvent(report);
    expect(event).toMatchObject({ type: "report.removed", detail: { reportId: report.id, caseId: "0mwrd2ewcaseaaaaaaaaa" } });
    const items = removalTransaction({ report, identifierKeys: [stale, "company#exit pros"] }, event) as Item[];
    expect(items[0].Delete?.Key).toEqual(Keys.report(report.id));
    const deleted = items.flatMap((i) => (i.Delete ? [`${i.Delete.Key!.pk} ${i.Delete.Key!.sk}`] : []));
    for (const key of [stale, ...identifiersOf(report).map(identifierKey)]) {
      const at = key.indexOf("#");
      const { pk, sk } = Keys.scamIdentifier(key.slice(0, at), key.slice(at + 1), report.id);
      expect(
        deleted.filter((d) => d === `${pk} ${sk}`),
        key,
      ).toHaveLength(1);
    }
    expect(deleted).toContain(`${Keys.scamCaseMember("0mwrd2ewcaseaaaaaaaaa", report.id).pk} ${Keys.scamCaseMember("0mwrd2ewcaseaaaaaaaaa", report.id).sk}`);
    expect(items.filter((i) => i.Put?.Item?.eventType === "report.removed")).toHaveLength(1);
    expect(items.length).toBeLessThan(100);
    // out of a case: no member to delete, and the report must still be out of one
    const alone = removalTransaction({ report: full(), identifierKeys: [] }, removedEvent(full())) as Item[];
    expect(alone.some((i) => String(i.Delete?.Key?.pk).startsWith("CASE#"))).toBe(false);
    expect(JSON.stringify(alone[0])).toContain("attribute_not_exists(caseId)");
    expect(removalDeletes(full())).toHaveLength(identifiersOf(full()).length);
  });
});
