// @vitest-environment jsdom
import { cleanup } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

/**
 * The privacy pages take every period from the retention constants (packages/core/src/privacy/
 * retention.ts), never a copy: with other values there, the pages say the other values.
 */
const CHANGED = vi.hoisted(() => ({
  SUBMISSION_RETENTION_YEARS: 7,
  SIGNATURE_RETENTION_YEARS: 3,
  UNCONFIRMED_SUBSCRIBER_DAYS: 45,
  ANALYTICS_RAW_DAYS: 61,
  ANALYTICS_HOURLY_DAYS: 33,
  ANALYTICS_DAILY_DAYS: 444,
  ANALYTICS_SALT_TTL_MARGIN_SECONDS: 7200,
  RATE_WINDOW_SECONDS: 300,
  DELETION_LINK_HOURS: 12,
  NEWSLETTER_CONFIRMATION_DAYS: 5,
  DELETION_REQUEST_RECORD_DAYS: 500,
  NEWSLETTER_DELIVERY_DAYS: 400,
  SUPPRESSION_RETENTION_YEARS: 6,
  TRANSIENT_BOUNCE_WINDOW_DAYS: 21,
}));

vi.mock("@site/core/policy/retention", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@site/core/policy/retention")>()),
  ...CHANGED,
}));

vi.stubGlobal("fetch", async () => new Response("{}", { status: 404 }));
const { renderRoute } = await import("../render-route");

afterEach(cleanup);

const textOf = (element: Element | null | undefined) => (element?.textContent ?? "").replace(/\s+/g, " ").trim();

describe("with other retention constants", () => {
  it("/privacy-policy states the other periods", () => {
    const main = renderRoute("/privacy-policy").container.querySelector("main")!;
    const rows = Object.fromEntries(
      [...main.querySelectorAll("#retention tbody tr")].map((tr) => [textOf(tr.querySelector("th")), textOf(tr.querySelector("td"))]),
    );
    expect(rows["Petition signature"]).toBe("3 years after signing");
    expect(rows["Scam report"]).toBe("7 years after it was sent");
    expect(rows["Free-guide request"]).toBe("7 years after it was sent");
    expect(rows["Newsletter subscription never confirmed"]).toBe("45 days after you last agreed");
    expect(rows["Record of each newsletter or petition update sent to you"]).toBe("400 days");
    expect(rows["Data request"]).toBe("500 days");
    expect(rows["Individual page views (analytics)"]).toBe("61 days");
    expect(rows["Hourly visit totals (analytics)"]).toBe("33 days");
    expect(rows["Daily visit totals (analytics)"]).toBe("444 days");
    expect(rows["Rate-limit counters"]).toBe("5 minutes");
    expect(rows["Address that bounced, or marked our e-mail as spam"]).toBe("6 years after our e-mail provider reported it");
    const text = textOf(main);
    expect(text).toContain("Form submissions are kept 7 years unless you ask us to delete them sooner");
    expect(text).toContain("A confirmation link works 5 days");
    expect(text).toContain("automatically 2 hours after the day ends");
    expect(text).toContain("Individual page views and events are deleted after 61 days and hourly totals after 33 days; daily totals");
    expect(text).toContain("with no personal data) after 444 days.");
    expect(text).toContain("within 12 hours");
    expect(text).toContain("A temporary failure (a full mailbox) is counted for 21 days.");
    // and none of the real figures is left in their place
    expect(text).not.toMatch(/\b2 years\b|\b5 years\b|\b90 days\b|\b30 days\b|\b24 hours\b/);
  });

  it("/data-deletion-request says how long the link works", () => {
    const main = renderRoute("/data-deletion-request").container.querySelector("main")!;
    expect(textOf(main)).toContain("Open the link within 12 hours");
    expect(textOf(main)).not.toContain("24 hours");
  });
});
