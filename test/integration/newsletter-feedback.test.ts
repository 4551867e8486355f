/**
 * A newsletter issue counts what SES reports of its e-mails and pauses itself at SES's
 * review rates. Played on the local stack: the outbox answers for SES's mailbox simulator, so 940
 * `success+N@` subscribers are delivered and 60 `bounce+N@` ones bounce.
 */
import { afterEach, beforeAll, expect, it, vi } from "vitest";
import { resetSettings, settings } from "@site/core/config";
import { putAll } from "@site/core/db/batch";
import { listOutbox } from "@site/core/mail/outbox";
import { Newsletter } from "@site/core/newsletter";
import { Issues } from "@site/core/newsletter/issues/index";
import { Suppression } from "@site/core/suppression";
import { newToken } from "@site/core/util/token";
import { handler as createIssue } from "../../packages/functions/src/http/admin-newsletter-issue-create";
import { handler as getIssue } from "../../packages/functions/src/http/admin-newsletter-issue-get";
import { handler as sendIssue } from "../../packages/functions/src/http/admin-newsletter-issue-send";
import { installLocalBus } from "../../scripts/local/bus";
import { adminClaims, asAdmin } from "../support/admin";
import { useOwnTable } from "../support/table-snapshot";

const PATH = "/api/admin/newsletter/issues";
const bus = installLocalBus();
let admin: ReturnType<typeof asAdmin>;

beforeAll(async () => {
  await useOwnTable("nl-feedback");
  admin = asAdmin((await adminClaims()).claims);
});

afterEach(() => {
  vi.unstubAllEnvs();
  resetSettings();
});

const confirmed = (email: string, i: number): Newsletter.Subscriber => {
  const at = new Date(Date.now() - 86_400_000 + i * 1000).toISOString();
  return {
    email,
    emailNormalized: email,
    name: "Reader",
    status: "confirmed",
    consents: [{ source: "scam-report", at }],
    createdAt: at,
    source: "scam-report",
    consentAt: at,
    confirmedAt: at,
    unsubscribeToken: newToken(),
    rev: 1,
  };
};

it("an issue to 1,000 subscribers of whom 60 bounce pauses itself, says why, and counts what SES reported", async () => {
  vi.stubEnv("NEWSLETTER_BATCH_SIZE", "100");
  resetSettings();
  const run = crypto.randomUUID().slice(0, 8);
  // every 16th or 17th reader bounces: 60 of 1,000, spread through the audience
  const bouncing = new Set(Array.from({ length: 60 }, (_, k) => Math.floor((k * 1000) / 60) + 7));
  const readers = Array.from({ length: 1000 }, (_, i) => confirmed(`${bouncing.has(i) ? "bounce" : "success"}+${run}-${i}@simulator.amazonses.com`, i));
  await putAll(readers.flatMap((s) => Newsletter.subscriberItems(s)));

  const created = await admin(createIssue, { method: "POST", path: PATH, body: { subject: `Feedback ${run}`, body: "News." } });
  expect(created.statusCode, JSON.stringify(created.body)).toBe(201);
  const id = (created.body as Issues.Issue).id;
  expect((await admin(sendIssue, { method: "POST", path: `${PATH}/${id}/send`, id, body: {} })).statusCode).toBe(202);
  await bus.idle();

  const issue = (await admin(getIssue, { path: `${PATH}/${id}`, id })).body as Issues.Issue;
  const sent = (await listOutbox(settings().OUTBOX_DIR)).filter((m) => m.subject === `Feedback ${run}`);
  console.log(
    `newsletter feedback: ${issue.counts.sent} of 1000 sent before the pause, SES reported ${issue.feedback.delivered} delivered, ${issue.feedback.bounced} bounced, ${issue.feedback.complained} complaints; paused: ${issue.pausedReason}`,
  );
  expect(issue.status).toBe("paused");
  expect(issue.pausedReason).toMatch(
    /^Sending paused: \d+ of \d+ e-mails bounced \(\d+\.\d %\), at or past the 5\.0 % bounce rate at which SES reviews the account/,
  );
  // it stopped well before the end, after at least the outcomes a rate is judged on
  expect(issue.counts.sent).toBeGreaterThanOrEqual(Issues.PAUSE_MIN_OUTCOMES);
  expect(issue.counts.sent).toBeLessThan(1000);
  expect(sent).toHaveLength(issue.counts.sent);
  // what SES reported is exactly what the simulator did with what was sent
  const bouncedSent = sent.filter((m) => m.to[0].startsWith("bounce+")).length;
  expect(issue.feedback).toEqual({ delivered: sent.length - bouncedSent, bounced: bouncedSent, complained: 0 });
  // every bounced reader is suppressed and shows as bounced
  for (const m of sent.filter((m) => m.to[0].startsWith("bounce+"))) {
    expect((await Suppression.find({ address: m.to[0] }))?.reason).toBe("bounce");
    expect((await Newsletter.find(m.to[0]))?.status).toBe("bounced");
  }
});
