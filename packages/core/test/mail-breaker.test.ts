import { describe, expect, it } from "vitest";
import { settings } from "../src/config";
import { isVisitorMail, outcomeOf, overLimit } from "../src/mail/breaker";

const limits = { ...settings(), MAIL_BREAKER_BOUNCE_RATE: 0.03, MAIL_BREAKER_COMPLAINT_RATE: 0.0005, MAIL_BREAKER_MIN_SENDS: 200 };

describe("the feedback breaker's arithmetic", () => {
  it("counts a delivery and any bounce as a send, only a permanent bounce against the rate, a complaint apart", () => {
    expect(outcomeOf("Delivery", 1, false)).toEqual({ sends: 1 });
    expect(outcomeOf("Bounce", 2, true)).toEqual({ sends: 2, bounces: 2 });
    expect(outcomeOf("Bounce", 1, false)).toEqual({ sends: 1 });
    expect(outcomeOf("Complaint", 1, false)).toEqual({ complaints: 1 });
    expect(outcomeOf("Reject", 1, false)).toEqual({});
  });

  it("opens at the bounce or complaint rate, never below the minimum of sends", () => {
    expect(overLimit({ sends: 199, bounces: 199, complaints: 0 }, limits)).toBeUndefined();
    expect(overLimit({ sends: 200, bounces: 5, complaints: 0 }, limits)).toBeUndefined();
    expect(overLimit({ sends: 200, bounces: 6, complaints: 0 }, limits)).toBe("3.0 % of the last 200 visitor e-mails bounced (the limit is 3.0 %)");
    expect(overLimit({ sends: 2000, bounces: 0, complaints: 1 }, limits)).toBe(
      "0.05 % of the last 2000 visitor e-mails were marked as spam (the limit is 0.05 %)",
    );
    expect(overLimit({ sends: 2001, bounces: 0, complaints: 1 }, limits)).toBeUndefined();
  });

  it("holds mail to typed addresses, never the privacy link, the erasure's completion or the administrators' mail", () => {
    expect(isVisitorMail("signature-confirmation")).toBe(true);
    expect(isVisitorMail("guide:checklist")).toBe(true);
    expect(isVisitorMail("privacy-link")).toBe(false);
    expect(isVisitorMail("privacy-completion")).toBe(false);
    expect(isVisitorMail("admin-notice")).toBe(false);
  });
});
