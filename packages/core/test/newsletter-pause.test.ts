import { describe, expect, it } from "vitest";
import { Settings } from "../src/config";
import { pauseReason, PAUSE_MIN_OUTCOMES } from "../src/newsletter/issues/feedback";

const s = Settings.parse({});

describe("when a newsletter issue's SES feedback pauses its send", () => {
  it("waits for enough outcomes before judging a rate", () => {
    expect(pauseReason({ delivered: 0, bounced: PAUSE_MIN_OUTCOMES - 1 }, s)).toBeUndefined();
    expect(pauseReason({ delivered: 1, bounced: PAUSE_MIN_OUTCOMES - 1 }, s)).toMatch(/99 of 100 e-mails bounced/);
  });

  it("pauses at the bounce rate SES reviews an account at (5 %), not below", () => {
    expect(pauseReason({ delivered: 951, bounced: 49 }, s)).toBeUndefined();
    expect(pauseReason({ delivered: 950, bounced: 50 }, s)).toBe(
      "Sending paused: 50 of 1000 e-mails bounced (5.0 %), at or past the 5.0 % bounce rate at which SES reviews the account. The bounced addresses are suppressed; resume if you decide to send to the rest.",
    );
  });

  it("pauses at the complaint rate SES reviews an account at (0.1 % of delivered)", () => {
    expect(pauseReason({ delivered: 2000, bounced: 0, complained: 1 }, s)).toBeUndefined();
    expect(pauseReason({ delivered: 2000, bounced: 0, complained: 2 }, s)).toMatch(
      /^Sending paused: 2 of 2000 delivered e-mails were marked as spam \(0\.10 %\)/,
    );
  });

  it("judges only what happened since the last resume", () => {
    // 100 of 1,000 bounced before the resume; since, 50 delivered and none bounced (too few to judge)
    const resumed = { delivered: 1000, bounced: 100, baseDelivered: 950, baseBounced: 100 };
    expect(pauseReason(resumed, s)).toBeUndefined();
    expect(pauseReason({ ...resumed, delivered: 1045, bounced: 104 }, s)).toBeUndefined();
    expect(pauseReason({ ...resumed, delivered: 1045, bounced: 155 }, s)).toMatch(/^Sending paused: 55 of 150 e-mails bounced/);
  });

  it("follows the settings", () => {
    expect(pauseReason({ delivered: 960, bounced: 40 }, Settings.parse({ NEWSLETTER_PAUSE_BOUNCE_RATE: "0.04" }))).toMatch(/at or past the 4\.0 % bounce rate/);
  });
});
