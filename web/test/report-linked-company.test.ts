import { describe, expect, it } from "vitest";
import { emptyDraft } from "@site/core/report/draft";
import { companyFromLink, withLinkedCompany } from "../src/pages/ReportScamPage/linkedCompany";
import { emptyWizardDraft } from "../src/pages/ReportScamPage/emptyDraft";

describe("the company a link names (/report-scam?company=…)", () => {
  it("is read trimmed, without control characters, at most the API's 200 characters", () => {
    expect(companyFromLink("?company=Exit%20Pros%20LLC")).toBe("Exit Pros LLC");
    expect(companyFromLink("?company=%20%20Exit+Pros%0A%0D%20")).toBe("Exit Pros");
    expect(companyFromLink("?company=" + "a".repeat(300))).toHaveLength(200);
    expect(companyFromLink("")).toBe("");
    expect(companyFromLink("?other=x")).toBe("");
  });

  it("fills an empty company and never one the reporter wrote", () => {
    expect(withLinkedCompany(emptyWizardDraft(), "Exit Pros LLC").scammer.company).toBe("Exit Pros LLC");
    const written = { ...emptyDraft(), scammer: { ...emptyDraft().scammer, company: "Sunset Resale" } };
    expect(withLinkedCompany(written, "Exit Pros LLC")).toBe(written);
    expect(withLinkedCompany(emptyDraft(), "")).toEqual(emptyDraft());
  });

  it("leaves the consent to a public summary unticked in a new draft", () => {
    expect(emptyDraft().publishConsent).toBe(false);
    expect(emptyWizardDraft().publishConsent).toBe(false);
  });
});
