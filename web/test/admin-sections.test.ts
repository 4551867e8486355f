import { describe, expect, it } from "vitest";
import { ADMIN_SECTIONS, sectionOf } from "../src/admin/adminSections";

const labelOf = (path: string) => sectionOf(path)?.label;

describe("the console's navigation sections", () => {
  it("lists the nine sections of the issue, in order", () => {
    expect(ADMIN_SECTIONS.map((s) => s.label)).toEqual([
      "Dashboard",
      "Petitions",
      "Signatures",
      "Scam Reports",
      "Forms",
      "Newsletter",
      "Analytics",
      "Deletion Requests",
      "Test Email",
    ]);
  });

  it("puts each console page under its section", () => {
    expect(labelOf("/admin/dashboard")).toBe("Dashboard");
    expect(labelOf("/admin/create-petition")).toBe("Petitions");
    expect(labelOf("/admin/petitions")).toBe("Petitions");
    expect(labelOf("/admin/petitions/timeshare-reform/signatures")).toBe("Signatures");
    expect(labelOf("/admin/petition-signatures")).toBe("Signatures");
    expect(labelOf("/admin/forms/checklist")).toBe("Forms");
    expect(labelOf("/admin/newsletter/issues/0mwissue0000000000001")).toBe("Newsletter");
    expect(labelOf("/admin/newsletter/suppressions")).toBe("Newsletter");
    expect(labelOf("/admin/privacy")).toBe("Deletion Requests");
  });

  it("matches whole path segments only", () => {
    expect(labelOf("/admin/formsx")).toBeUndefined();
    expect(labelOf("/admin/login")).toBeUndefined();
  });
});
