import { describe, expect, it } from "vitest";
import { UNKNOWN_WAIT, WITHIN_A_MINUTE, duration, expectedArrival } from "../src/content/confirmation-wait";

describe("when the confirmation link should arrive, as the signer reads it", () => {
  it("says within a minute without a backlog, and a few minutes when the answer did not say", () => {
    expect(expectedArrival({ ahead: 0, seconds: 0 })).toBe(WITHIN_A_MINUTE);
    expect(expectedArrival({ ahead: 40, seconds: 59 })).toBe(WITHIN_A_MINUTE);
    expect(expectedArrival(undefined)).toBe(UNKNOWN_WAIT);
  });

  it("names the e-mails ahead and the wait, rounded up", () => {
    expect(expectedArrival({ ahead: 12_000, seconds: 1_000 })).toBe(
      "Many people are signing right now: 12,000 confirmation e-mails are ahead of yours, so it should arrive in about 17 minutes.",
    );
    expect(expectedArrival({ ahead: 1, seconds: 61 })).toContain("1 confirmation e-mail is ahead of yours");
  });

  it("counts minutes, then hours, then days", () => {
    expect(duration(60)).toBe("1 minute");
    expect(duration(89 * 60)).toBe("89 minutes");
    expect(duration(2 * 3600 + 1)).toBe("3 hours");
    expect(duration(3 * 86_400)).toBe("3 days");
  });
});
