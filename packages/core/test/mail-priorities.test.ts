import { describe, expect, it } from "vitest";
import { ceilings, priorityOf } from "../src/mail/budget";

const account = (rate: number, quota: number, reserve = 2, share = 0.5, confirmations = 0.25) => ({
  MAIL_RATE_PER_SECOND: rate,
  MAIL_DAILY_QUOTA: quota,
  MAIL_LINK_RESERVE_PER_SECOND: reserve,
  MAIL_CONFIRMATION_RESERVE_SHARE: confirmations,
  NEWSLETTER_DAILY_SHARE: share,
});

describe("the mail budget's priorities", () => {
  it("puts the privacy link first, a signer's confirmation link next, newsletter issues last, everything else between", () => {
    expect(priorityOf("privacy-link")).toBe("link");
    expect(priorityOf("signature-confirmation")).toBe("confirmation");
    expect(priorityOf("newsletter-issue")).toBe("bulk");
    for (const kind of [
      // mail a stranger can cause with anyone's address: never a signer's or the privacy link's slot
      "newsletter-confirmation",
      "signature-already-signed",
      "signature-share",
      "guide:checklist",
      "report-confirmation",
      "admin-notice",
      "admin-digest",
      "newsletter-welcome",
      "privacy-completion",
      "other",
    ]) {
      expect(priorityOf(kind), kind).toBe("transactional");
    }
  });

  it("keeps SES's production default (14 a second, 50,000 a day) shared: 2 a second and their share of the day for the privacy link, a quarter of the rest for confirmations, half the day at most for an issue", () => {
    const s = account(14, 50_000);
    expect(ceilings("link", s)).toEqual({ perSecond: 14, perDay: 50_000 });
    expect(ceilings("confirmation", s)).toEqual({ perSecond: 12, perDay: 42_857 });
    expect(ceilings("transactional", s)).toEqual({ perSecond: 9, perDay: 32_142 });
    expect(ceilings("bulk", s)).toEqual({ perSecond: 9, perDay: 25_000 });
  });

  it("at a raised quota (1,000 a second) leaves confirmations 250 a second no other kind of mail can take", () => {
    const s = account(1_000, 10_000_000);
    expect(ceilings("confirmation", s).perSecond).toBe(998);
    expect(ceilings("transactional", s).perSecond).toBe(748);
  });

  it("never leaves a priority without a slot, even in SES's sandbox (1 a second)", () => {
    const s = account(1, 200);
    expect(ceilings("confirmation", s)).toEqual({ perSecond: 1, perDay: 200 });
    expect(ceilings("transactional", s)).toEqual({ perSecond: 1, perDay: 200 });
    expect(ceilings("bulk", s)).toEqual({ perSecond: 1, perDay: 100 });
  });

  it("gives an issue no more of the day than transactional mail may use", () => {
    expect(ceilings("bulk", account(14, 50_000, 7, 0.9)).perDay).toBe(ceilings("transactional", account(14, 50_000, 7, 0.9)).perDay);
    expect(ceilings("bulk", account(14, 50_000, 7, 0.9)).perDay).toBe(17_857);
  });
});
