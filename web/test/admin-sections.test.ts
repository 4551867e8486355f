import { describe, expect, it } from "vitest";
import { ADMIN_SECTIONS, sectionOf } from "../src/admin/adminSections";

const labelOf = (path: string) => sectionOf(path)?.label;

describe("the console's navigation sections", () => {
  it("lists the sections, in order (the nine of the original issue, cases and scam alerts of issue 41, health of issue 42, the registered kinds of issue 40)", () => {
    expect(ADMIN_SECTIONS.map((s) => s.label)).toEqual([
      "Dashboard",
      "Petitions",
      "Signatures",
      "Scam Reports",
      "Cases",
      "Scam Alerts",
      "Forms",
      "Newsletter",
      "Other Records",
      "Analytics",
      "Deletion Requests",
      "Test Email",
      "Health",
    ]);
  });

  it("puts each console page under its section", () => {
    expect(labelOf("/admin/dashboard")).toBe("Dashboard");
    expect(labelOf("/admin/create-petition")).toBe("Petitions");
    expect(labelOf("/admin/petitions")).toBe("Petitions");
    expect(labelOf("/admin/records/volunteers")).toBe("Other Records");
    expect(labelOf("/admin/petitions/timeshare-reform/signatures")).toBe("Signatures");
    expect(labelOf("/admin/petition-signatures")).toBe("Signatures");
    expect(labelOf("/admin/forms/checklist")).toBe("Forms");
    expect(labelOf("/admin/newsletter/issues/0mwissue0000000000001")).toBe("Newsletter");
    expect(labelOf("/admin/newsletter/suppressions")).toBe("Newsletter");
    expect(labelOf("/admin/privacy")).toBe("Deletion Requests");
    expect(labelOf("/admin/cases/proposals")).toBe("Cases");
    expect(labelOf("/admin/cases/0mwcase00000000000001")).toBe("Cases");
    expect(labelOf("/admin/scam-alerts/exit-pros")).toBe("Scam Alerts");
    expect(labelOf("/admin/health")).toBe("Health");
  });

  it("matches whole path segments only", () => {
    expect(labelOf("/admin/formsx")).toBeUndefined();
    expect(labelOf("/admin/login")).toBeUndefined();
  });
});
