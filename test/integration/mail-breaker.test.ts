/**
 * The feedback breaker (issue 39, H1; core/mail/breaker.ts): with the outbox playing 10 % of visitor
 * mail as bounced, SES's events (through the mail-feedback subscriber, on the local bus) open the
 * breaker once enough sends have an outcome; visitor-addressed mail then waits, the administrators
 * are told by e-mail and on the console, privacy links still go, and resuming lets mail go again
 * with a fresh count.
 */
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { Audit } from "@site/core/audit";
import { resetSettings, settings } from "@site/core/config";
import { Mail } from "@site/core/mail";
import { MailBreaker } from "@site/core/mail/breaker";
import { MailDeferred } from "@site/core/mail/budget";
import { listOutbox } from "@site/core/mail/outbox";
import { handler as breakerGet } from "../../packages/functions/src/http/admin-mail-breaker-get";
import { handler as breakerResume } from "../../packages/functions/src/http/admin-mail-breaker-resume";
import { handler as privacyRequest } from "../../packages/functions/src/http/privacy-request";
import { installLocalBus } from "../../scripts/local/bus";
import { adminClaims, asAdmin } from "../support/admin";
import { call, httpEvent } from "../support/http";
import { useOwnTable } from "../support/table-snapshot";

const bus = installLocalBus();
const run = randomUUID().slice(0, 8);
let admin: ReturnType<typeof asAdmin>;

beforeAll(async () => {
  await useOwnTable("mail-breaker");
  vi.stubEnv("OUTBOX_DIR", join(settings().OUTBOX_DIR, "..", `breaker-${run}`));
  vi.stubEnv("OUTBOX_SIMULATED_BOUNCE_RATE", "0.1");
  vi.stubEnv("MAIL_BREAKER_MIN_SENDS", "50");
  vi.stubEnv("PRIVACY_RATE_LIMIT_PER_MINUTE", "1000");
  resetSettings();
  MailBreaker.forget();
  admin = asAdmin((await adminClaims()).claims);
});

const guide = (n: number) => ({
  kind: "guide:checklist",
  to: [`reader-${run}-${n}@example.com`],
  subject: "Your free guide",
  text: "The guide.",
  html: "<p>The guide.</p>",
});
const outbox = () => listOutbox(settings().OUTBOX_DIR);

describe("with 10 % of visitor mail bouncing", () => {
  it("opens once enough sends have an outcome: visitor mail waits, the administrators are told, privacy links go, and resuming starts a new count", async () => {
    // 49 sends have an outcome, 4 of them bounced: under the minimum, nothing stops
    for (let n = 1; n <= 49; n++) await Mail.send(guide(n));
    await bus.idle();
    expect((await MailBreaker.state()).open).toBe(false);

    // the 50th bounces: 5 of 50 is 10 %, over the 3 % limit
    await Mail.send(guide(50));
    await bus.idle();
    MailBreaker.forget();
    const state = await MailBreaker.state();
    expect(state).toMatchObject({ open: true, epoch: 0, sends: 50, bounceRate: 0.1 });
    expect(state.reason).toBe("10.0 % of the last 50 visitor e-mails bounced (the limit is 3.0 %)");
    const notices = (await outbox()).filter((m) => m.kind === "admin-notice" && m.subject === "Visitor e-mail is paused");
    expect(notices).toHaveLength(1);
    expect(notices[0].to).toEqual(["admins@example.org"]);
    expect(notices[0].text).toContain(state.reason);

    // visitor mail waits (a subscriber's send is retried, a queued one stays queued)…
    const held = await Mail.send(guide(51)).catch((err: unknown) => err);
    expect(held).toBeInstanceOf(MailDeferred);
    expect(held).toMatchObject({ reason: "paused" });
    expect((await outbox()).some((m) => m.to.includes(guide(51).to[0]))).toBe(false);
    // …the administrators' own mail goes…
    await Mail.send({ kind: "admin-notice", to: ["admins@example.org"], subject: "A report", text: "x", html: "<p>x</p>" });
    // …and so does a privacy link, through the real route
    const person = `person-${run}@example.com`;
    const asked = await call(privacyRequest, httpEvent({ method: "POST", body: { email: person }, sourceIp: "10.39.2.1" }));
    expect(asked.statusCode).toBe(202);
    expect((await outbox()).filter((m) => m.kind === "privacy-link" && m.to.includes(person))).toHaveLength(1);

    // the console says so
    const shown = await admin(breakerGet, { path: "/api/admin/mail/breaker" });
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toMatchObject({
      open: true,
      reason: state.reason,
      window: { sends: 50, bounces: 5, complaints: 0 },
      windowHours: MailBreaker.WINDOW_HOURS,
    });

    // an administrator resumes it: visitor mail goes again, counted afresh
    const resumed = await admin(breakerResume, { method: "POST", path: "/api/admin/mail/breaker/resume", body: {} });
    expect(resumed.statusCode).toBe(200);
    expect(resumed.body).toMatchObject({ open: false, epoch: 1 });
    expect((await Audit.list(5)).some((entry) => entry.action === "mail.breaker_resumed")).toBe(true);
    await Mail.send(guide(52));
    await bus.idle();
    expect((await outbox()).some((m) => m.to.includes(guide(52).to[0]))).toBe(true);
    expect(await MailBreaker.windowCounts(1)).toMatchObject({ sends: 1 });
    expect((await MailBreaker.state()).open).toBe(false);
  });

  it("counts neither the administrators' mail nor privacy links, and never holds them", () => {
    for (const kind of ["admin-notice", "admin-digest", "admin-newsletter-digest", "admin-test", "privacy-link", "privacy-completion"]) {
      expect(MailBreaker.isVisitorMail(kind), kind).toBe(false);
    }
    for (const kind of ["signature-confirmation", "signature-share", "newsletter-confirmation", "guide:checklist", "report-confirmation"]) {
      expect(MailBreaker.isVisitorMail(kind), kind).toBe(true);
    }
  });
});
