import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { resetSettings, settings } from "@site/core/config";
import { Mail } from "@site/core/mail";
import { NoticeDigest } from "@site/core/mail/notice-digest";
import { listOutbox } from "@site/core/mail/outbox";
import { useOwnTable } from "../support/table-snapshot";

/**
 * Security review H1: a stranger's flood of scam reports or guide requests must not become a flood
 * of notices to the administrators. ADMIN_NOTICES_PER_HOUR of a kind go one by one in an hour; the
 * rest are counted, and one digest tells of them after the hour.
 */
const ALLOWANCE = 3;
beforeAll(async () => {
  await useOwnTable("notice-digest");
  vi.stubEnv("ADMIN_NOTICES_PER_HOUR", String(ALLOWANCE));
  resetSettings();
});
afterAll(() => {
  vi.unstubAllEnvs();
  resetSettings();
});

const HOUR_MS = 3_600_000;
/** An hour of its own for each test, far from the others' and from now. */
const hourAt = (n: number) => Math.floor(Date.parse("2026-03-01T00:00:00Z") / HOUR_MS) * HOUR_MS + n * HOUR_MS;
const digests = async (subject: RegExp) =>
  (await listOutbox(settings().OUTBOX_DIR)).filter((m) => m.to.includes("admins@example.org") && subject.test(m.subject));

describe("the administrators' notices of reports and guide requests", () => {
  it("go one by one up to the hour's allowance; after the hour, one digest tells of the rest, once", async () => {
    const hour = hourAt(1);
    const admitted = [];
    for (let i = 0; i < ALLOWANCE + 4; i++) admitted.push(await NoticeDigest.admit("report", hour + i * 1000));
    expect(admitted).toEqual([...Array(ALLOWANCE).fill(true), false, false, false, false]);
    // another kind and another hour have allowances of their own
    expect(await NoticeDigest.admit("lead", hour)).toBe(true);
    expect(await NoticeDigest.admit("report", hour + HOUR_MS)).toBe(true);

    // not before the hour is over
    expect(await NoticeDigest.sendDue(hour + HOUR_MS - 1)).toBe(0);
    expect(await digests(/more scam reports/)).toEqual([]);
    expect(await NoticeDigest.sendDue(hour + HOUR_MS + 1000)).toBe(1);
    const [mail, ...more] = await digests(/more scam reports/);
    expect(more).toEqual([]);
    expect(mail.subject).toBe("4 more scam reports in one hour");
    expect(mail.text).toContain("4 more scam reports arrived between 2026-03-01 01:00 and 02:00 UTC, after the 3 we told you about one by one.");
    expect(mail.text).toContain(`${settings().SITE_URL}/admin/scam-reports`);
    // sent once, and the lead hour (within its allowance) has nothing to tell
    expect(await NoticeDigest.sendDue(hour + 2 * HOUR_MS + 1000)).toBe(0);
    expect(await digests(/more scam reports/)).toHaveLength(1);
    expect(await digests(/more free-guide requests/)).toEqual([]);
  });

  it("a digest whose send fails is sent by the next drain", async () => {
    const hour = hourAt(10);
    for (let i = 0; i < ALLOWANCE + 2; i++) await NoticeDigest.admit("lead", hour);
    const spy = vi.spyOn(Mail, "send").mockRejectedValueOnce(new Error("SES is down"));
    try {
      expect(await NoticeDigest.sendDue(hour + HOUR_MS)).toBe(0);
    } finally {
      spy.mockRestore();
    }
    expect(await NoticeDigest.sendDue(hour + HOUR_MS)).toBe(1);
    expect((await digests(/more free-guide requests/)).map((m) => m.subject)).toEqual(["2 more free-guide requests in one hour"]);
  });
});
