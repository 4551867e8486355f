import { randomUUID } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { resetSettings, settings } from "@site/core/config";
import { Mail } from "@site/core/mail";
import { MailFeedback } from "@site/core/mail-feedback";
import { listOutbox } from "@site/core/mail/outbox";
import { keptPersonHash } from "@site/core/db/person-index";
import { Newsletter } from "@site/core/newsletter";
import { Suppression } from "@site/core/suppression";
import { handler as leadCreate } from "../../packages/functions/src/http/lead-create";
import { handler as sign } from "../../packages/functions/src/http/signature-create";
import { installLocalBus } from "../../scripts/local/bus";
import { call, httpEvent } from "../support/http";
import { newPetition, signer } from "../support/fixtures";

const bus = installLocalBus();

/** A simulator address of its own (SES accepts a `+label`), so tests do not share suppressions. */
const simulator = (name: string) => `${name}+${randomUUID().slice(0, 8)}@simulator.amazonses.com`;
const mailTo = async (address: string) => (await listOutbox(settings().OUTBOX_DIR)).filter((m) => m.to.includes(address));
const message = (to: string, kind = "admin-test") => ({ kind, to: [to], subject: "Hello", text: "Hello", html: "<p>Hello</p>" });

describe("SES's mailbox simulator, played by the outbox, and its feedback", () => {
  it.each([
    ["bounce", "bounced", "bounce"],
    ["suppressionlist", "on-suppression-list", "bounce"],
    ["complaint", "complained", "complaint"],
  ] as const)("%s@: the message is marked %s and the address suppressed for a %s; the next message is not sent", async (name, outcome, reason) => {
    const address = simulator(name);
    await Mail.send(message(address, "guide-checklist"));
    await bus.idle();
    const [sent] = await mailTo(address);
    expect(sent.outcomes).toEqual({ [address]: outcome });
    expect(sent.kind).toBe("guide-checklist");
    expect(await Suppression.find({ address })).toMatchObject({ person: keptPersonHash(address), suppressed: true, reason, kind: "guide-checklist" });

    await Mail.send(message(address));
    await bus.idle();
    expect(await mailTo(address)).toHaveLength(1);
  });

  it.each([
    ["success", "delivered"],
    ["ooto", "auto-reply"],
  ] as const)("%s@: delivered (%s), nothing suppressed, the next message sent", async (name, outcome) => {
    const address = simulator(name);
    await Mail.send(message(address));
    await bus.idle();
    expect((await mailTo(address))[0].outcomes).toEqual({ [address]: outcome });
    expect(await Suppression.find({ address })).toBeUndefined();
    await Mail.send(message(address));
    expect(await mailTo(address)).toHaveLength(2);
  });

  it("leaves a suppressed recipient out of a message to several, and sends to the rest", async () => {
    const gone = simulator("bounce");
    await Mail.send(message(gone));
    await bus.idle();
    const other = `admin-${randomUUID().slice(0, 6)}@example.org`;
    await Mail.send({ ...message(gone), to: [gone, other] });
    const [sent] = await mailTo(other);
    expect(sent.to).toEqual([other]);
  });
});

describe("the suppression list's rules", () => {
  const feedback = (type: "Permanent" | "Transient", address: string, at = new Date().toISOString()): MailFeedback.SesEvent =>
    MailFeedback.SesEvent.parse({
      eventType: "Bounce",
      mail: { messageId: randomUUID(), destination: [address], tags: { kind: ["newsletter-issue"] } },
      bounce: {
        bounceType: type,
        bounceSubType: type === "Permanent" ? "General" : "MailboxFull",
        bouncedRecipients: [{ emailAddress: address }],
        timestamp: at,
      },
    });
  const complaint = (address: string): MailFeedback.SesEvent =>
    MailFeedback.SesEvent.parse({
      eventType: "Complaint",
      mail: { messageId: randomUUID(), destination: [address], tags: { kind: ["signature-share"] } },
      complaint: { complainedRecipients: [{ emailAddress: address }] },
    });

  it(`counts transient bounces and suppresses at the ${Suppression.TRANSIENT_BOUNCE_LIMIT}th`, async () => {
    const address = `full-${randomUUID().slice(0, 8)}@example.com`;
    for (let i = 1; i < Suppression.TRANSIENT_BOUNCE_LIMIT; i++) {
      const outcome = await MailFeedback.record(feedback("Transient", address));
      expect(outcome.counted).toEqual([address]);
      expect(await Suppression.find({ address })).toMatchObject({ suppressed: false, transientBounces: i });
      expect(await Suppression.suppressedAmong([address])).toEqual(new Set());
    }
    const last = await MailFeedback.record(feedback("Transient", address));
    expect(last.suppressed).toEqual([address]);
    expect(await Suppression.find({ address })).toMatchObject({ suppressed: true, reason: "transient-bounces", kind: "newsletter-issue" });
    expect(await Suppression.suppressedAmong([address, "someone-else@example.com"])).toEqual(new Set([address]));
  });

  it("acts only on its own configuration set's events: another stage's bounce or complaint suppresses nobody here", async () => {
    vi.stubEnv("MAIL_CONFIGURATION_SET", "prod-mail");
    vi.stubEnv("MAIL_PRIVACY_CONFIGURATION_SET", "prod-privacy-mail");
    resetSettings();
    try {
      const address = `shared-${randomUUID().slice(0, 8)}@example.com`;
      const tagged = (event: MailFeedback.SesEvent, set: string) => ({
        ...event,
        mail: { ...event.mail, tags: { ...event.mail.tags, "ses:configuration-set": [set] } },
      });
      expect(await MailFeedback.record(tagged(feedback("Permanent", address), "staging-mail"))).toMatchObject({ foreign: true, suppressed: [] });
      expect(await MailFeedback.record(tagged(complaint(address), "staging-mail"))).toMatchObject({ foreign: true, suppressed: [] });
      expect(await MailFeedback.record(feedback("Permanent", address))).toMatchObject({ foreign: true, suppressed: [] });
      expect(await Suppression.find({ address })).toBeUndefined();
      expect(await MailFeedback.record(tagged(feedback("Transient", address), "prod-privacy-mail"))).toMatchObject({ counted: [address] });
      expect(await MailFeedback.record(tagged(complaint(address), "prod-mail"))).toMatchObject({ suppressed: [address] });
      expect(await Suppression.find({ address })).toMatchObject({ suppressed: true, reason: "complaint" });
    } finally {
      vi.unstubAllEnvs();
      resetSettings();
    }
  });

  it("lets a complaint replace a bounce's reason, never the reverse, and keeps the first time", async () => {
    const address = `both-${randomUUID().slice(0, 8)}@example.com`;
    await MailFeedback.record(feedback("Permanent", address, "2026-01-01T00:00:00.000Z"));
    await MailFeedback.record(complaint(address));
    expect(await Suppression.find({ address })).toMatchObject({ reason: "complaint", at: "2026-01-01T00:00:00.000Z" });
    await MailFeedback.record(feedback("Permanent", address));
    expect(await Suppression.find({ address })).toMatchObject({ reason: "complaint" });
  });

  it("finds an address in any case, and lifts its suppression", async () => {
    const address = `Case-${randomUUID().slice(0, 8)}@Example.com`;
    await MailFeedback.record(complaint(address));
    expect(await Suppression.suppressedAmong([address.toLowerCase()])).toEqual(new Set([address.toLowerCase()]));
    expect(await Suppression.lift(keptPersonHash(address))).toBe(true);
    expect(await Suppression.find({ address })).toBeUndefined();
    expect(await Suppression.lift(keptPersonHash(address))).toBe(false);
  });
});

describe("a complaint on the local stack (the suppression list's acceptance)", () => {
  it("suppresses a signer who complained; their later guide request and its newsletter consent send nothing", async () => {
    const address = simulator("complaint");
    const { id } = await newPetition(100);
    const signed = await call(
      sign,
      httpEvent({ method: "POST", pathParameters: { id }, body: signer("complainer", { email: address, newsletterConsent: true }), sourceIp: "10.210.0.1" }),
    );
    expect(signed.statusCode, JSON.stringify(signed.body)).toBe(201);
    await bus.idle();
    const first = await mailTo(address);
    expect(first.length).toBeGreaterThan(0);
    expect(first.every((m) => m.outcomes?.[address] === "complained")).toBe(true);
    expect(await Suppression.find({ address })).toMatchObject({ suppressed: true, reason: "complaint" });
    // their newsletter consent was an offer in the thank-you e-mail, never taken: nothing stored for it
    expect(await Newsletter.find(address)).toBeUndefined();

    const asked = await call(
      leadCreate,
      httpEvent({
        method: "POST",
        pathParameters: { form: "checklist" },
        body: {
          fullName: "Ana Lima",
          email: address,
          newsletterConsent: true,
          client: { screenResolution: "1920x1080", timezone: "America/New_York", language: "en-US" },
        },
        sourceIp: "10.210.0.2",
      }),
    );
    expect(asked.statusCode, JSON.stringify(asked.body)).toBe(201);
    await bus.idle();
    expect(await mailTo(address)).toHaveLength(first.length);
    // the new consent is kept; its confirmation link is not sent to a complainer (the suppression list holds it back)
    const sub = await Newsletter.find(address);
    expect(sub?.status).not.toBe("confirmed");
    expect(sub?.consents.map((c) => c.source)).toEqual(["lead:checklist"]);
  });

  it("marks a confirmed subscriber whose address bounced as bounced; issues leave them out", async () => {
    const address = simulator("bounce");
    await Newsletter.subscribe({ email: address, name: "Ana", consentAt: new Date().toISOString(), source: "scam-report" });
    await bus.idle();
    // the confirmation link itself bounced
    expect((await mailTo(address))[0].outcomes?.[address]).toBe("bounced");
    expect(await Newsletter.find(address)).toMatchObject({ status: "bounced", suppressedAt: expect.any(String) });
    expect((await Newsletter.find(address))?.unsubscribedAt).toBeUndefined();
    // an administrator can still unsubscribe a bounced subscriber
    expect(await Newsletter.unsubscribeByAdmin(address)).toBe("unsubscribed");
  });
});
