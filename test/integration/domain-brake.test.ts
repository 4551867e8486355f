/**
 * The domain brake (issue 39, H1; core/mail/domain-brake.ts), replayed as the review's attack: 2,000
 * confirmation e-mails to random addresses at one catch-all domain. ROUTE_SIGNERS of them (200; set
 * BRAKE_SIGNERS=2000 for all) come from signatures with newsletter consent through the sign route
 * from one IPv6 /48 (a /64 each, so the per-client limit never stops them; the /48's own window lets
 * NETWORK_CLIENTS × that limit a minute through and refuses the rest), the whole path: route,
 * stream, queue, drain; the rest of the 2,000 are sent as the drain sends a confirmation (`Mail.send`), where the
 * brake sits: 2,000 signings through DynamoDB Local take 45 s of this machine, twice in CI. At most
 * the domain's hourly allowance is mailed there, the rest is held for the administrators (listed
 * with its reason), every signature is kept, and a real person's privacy request is still answered
 * 202 with its link in the outbox at once.
 * The brake's network tier: many domains (a large provider's too) from one /48 or /24 are held past
 * the network's allowance, and so are a report's confirmations.
 * Then the console's actions: allowing a domain sends what was held (once), discarding deletes it,
 * and an erasure deletes a person's held e-mail.
 */
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Audit } from "@site/core/audit";
import { resetSettings, settings } from "@site/core/config";
import { Mail } from "@site/core/mail";
import { MailBudget } from "@site/core/mail/budget";
import { DomainBrake } from "@site/core/mail/domain-brake";
import { HeldStore } from "@site/core/mail/held-store";
import { listOutbox } from "@site/core/mail/outbox";
import { MailDrain } from "@site/core/mail-drain";
import { MailQueue } from "@site/core/mail-queue";
import { Petition } from "@site/core/petition";
import { NETWORK_CLIENTS } from "@site/core/ratelimit";
import { eraseRecords } from "@site/core/privacy/erasure";
import { mailNetworkOf } from "@site/core/util/client-address";
import { pool } from "@site/core/util/pool";
import { handler as heldList } from "../../packages/functions/src/http/admin-mail-held-list";
import { handler as heldRelease } from "../../packages/functions/src/http/admin-mail-held-release";
import { handler as heldDiscard } from "../../packages/functions/src/http/admin-mail-held-discard";
import { handler as privacyRequest } from "../../packages/functions/src/http/privacy-request";
import { handler as sign } from "../../packages/functions/src/http/signature-create";
import { installLocalBus } from "../../scripts/local/bus";
import { adminClaims, asAdmin } from "../support/admin";
import { call, httpEvent } from "../support/http";
import { newPetition, signer } from "../support/fixtures";
import { useOwnTable } from "../support/table-snapshot";

const bus = installLocalBus();
const run = randomUUID().slice(0, 8);
const ALLOWANCE = 20;
const EMAILS = 2_000;
const ROUTE_SIGNERS = Math.min(EMAILS, Number(process.env.BRAKE_SIGNERS ?? 200));
let admin: ReturnType<typeof asAdmin>;

beforeAll(async () => {
  await useOwnTable("domain-brake");
  vi.stubEnv("OUTBOX_DIR", join(settings().OUTBOX_DIR, "..", `brake-${run}`));
  vi.stubEnv("MAIL_DOMAIN_ALLOWANCE_PER_HOUR", String(ALLOWANCE));
  resetSettings();
  DomainBrake.forget();
  admin = asAdmin((await adminClaims()).claims);
});

const outbox = () => listOutbox(settings().OUTBOX_DIR);
const atDomain = (domain: string) => async () => (await outbox()).filter((m) => m.to.some((a) => a.endsWith(`@${domain}`)));
const hoursTouched = (from: number, to: number) => Math.floor(to / 3600_000) - Math.floor(from / 3600_000) + 1;
const guide = (to: string) => ({ kind: "guide:checklist", to: [to], subject: "Your free guide", text: "The guide.", html: "<p>The guide.</p>" });

describe("2,000 confirmation e-mails to one catch-all domain, from consenting signers of one /48", () => {
  const domain = `catchall-${run}.example`;

  it("mails the domain no more than its allowance, keeps every signature, and still sends a privacy link at once", { timeout: 600_000 }, async () => {
    const started = Date.now();
    const petition = await newPetition(100_000, true);
    const prefix = `2001:db8:${run.slice(0, 4)}`;
    const statuses: number[] = [];
    const budgetBefore = MailBudget.measured().sends;
    await pool(
      Array.from({ length: ROUTE_SIGNERS }, (_, i) => i),
      16,
      async (i) => {
        const body = signer(`brake${i}`, { email: `${randomUUID().slice(0, 10)}@${domain}`, newsletterConsent: true });
        const res = await call(sign, httpEvent({ method: "POST", pathParameters: { id: petition.id }, body, sourceIp: `${prefix}:${i.toString(16)}::1` }));
        statuses.push(res.statusCode);
      },
    );
    // the /48's own window (NETWORK_CLIENTS × the per-client limit a minute, review M2) refuses the rest with 429:
    // what it let through is what the brake meets
    const accepted = statuses.filter((s) => s === 201).length;
    expect(statuses.filter((s) => s !== 201 && s !== 429)).toEqual([]);
    const minutes = Math.floor(Date.now() / 60_000) - Math.floor(started / 60_000) + 1;
    expect(accepted).toBeGreaterThanOrEqual(Math.min(ROUTE_SIGNERS, NETWORK_CLIENTS * settings().SIGN_RATE_LIMIT_PER_MINUTE));
    expect(accepted).toBeLessThanOrEqual(NETWORK_CLIENTS * settings().SIGN_RATE_LIMIT_PER_MINUTE * minutes);
    // the queue drained, as the scheduled drain does every minute: every link mailed or held
    await bus.idle();
    while ((await MailQueue.pending()).confirmations > 0) await MailDrain.drain({ budgetMs: 5_000 });
    expect((await HeldStore.countHeld(domain)) + (await atDomain(domain)()).length).toBe(accepted);
    // the held e-mails took no share of the budget (nor a pacing slot): only what was mailed paid
    expect(MailBudget.measured().sends - budgetBefore).toBe((await atDomain(domain)()).length);
    // the rest of the 2,000, sent as the drain sends a confirmation
    await pool(
      Array.from({ length: EMAILS - accepted }, (_, i) => i),
      16,
      async (i) => {
        const to = `${randomUUID().slice(0, 10)}@${domain}`;
        await Mail.send({ kind: "signature-confirmation", to: [to], subject: "Please confirm your signature", text: `Link ${i}`, html: `<p>Link ${i}</p>` });
      },
    );
    expect((await HeldStore.countHeld(domain)) + (await atDomain(domain)()).length).toBe(EMAILS);

    const mailed = await atDomain(domain)();
    expect(mailed.length).toBeGreaterThan(0);
    expect(mailed.length).toBeLessThanOrEqual(ALLOWANCE * hoursTouched(started, Date.now()));
    expect(mailed.every((m) => m.kind === "signature-confirmation")).toBe(true);
    expect(await Petition.counts(petition.id, true)).toMatchObject({ count: 0, pending: accepted });

    // the console lists the domain, how much waits and why
    const listed = await admin(heldList, {});
    expect(listed.statusCode).toBe(200);
    expect(listed.body.domains).toEqual([
      expect.objectContaining({
        domain,
        held: EMAILS - mailed.length,
        reason: `more than ${ALLOWANCE} e-mails an hour to addresses at this domain were asked for through the site's forms`,
      }),
    ]);

    // a real person's privacy request: 202, and the link is in the outbox at once
    const person = `real-person-${run}@gmail.com`;
    const asked = await call(privacyRequest, httpEvent({ method: "POST", body: { email: person }, sourceIp: "10.39.7.1" }));
    expect(asked.statusCode).toBe(202);
    expect((await outbox()).filter((m) => m.kind === "privacy-link" && m.to.includes(person))).toHaveLength(1);
  });
});

describe("the brake's network tier (an IPv4 /24, an IPv6 /48)", () => {
  const NETWORK_ALLOWANCE = 8;
  beforeAll(() => {
    vi.stubEnv("MAIL_NETWORK_ALLOWANCE_PER_HOUR", String(NETWORK_ALLOWANCE));
    resetSettings();
    DomainBrake.forget();
  });
  afterAll(() => {
    vi.stubEnv("MAIL_NETWORK_ALLOWANCE_PER_HOUR", "1000000");
    resetSettings();
    DomainBrake.forget();
  });

  it("holds the confirmations one /48's signers asked for past the network's allowance, whatever their domains (a large provider's too)", async () => {
    const started = Date.now();
    const petition = await newPetition(100_000, true);
    const prefix = `2001:db8:${run.slice(4, 8)}`;
    const network = mailNetworkOf(`${prefix}::1`)!;
    expect(network).toMatch(/::\/48$/);
    // every signer at a domain of their own (no domain reaches its allowance), every other one at gmail.com
    const emails = Array.from({ length: 30 }, (_, i) => (i % 2 ? `net-${run}-${i}@gmail.com` : `net${i}@own-${i}-${run}.example`));
    for (const [i, email] of emails.entries()) {
      const res = await call(
        sign,
        httpEvent({ method: "POST", pathParameters: { id: petition.id }, body: signer(`net${i}`, { email }), sourceIp: `${prefix}:${i.toString(16)}::1` }),
      );
      expect(res.statusCode).toBe(201);
    }
    await bus.idle();
    while ((await MailQueue.pending()).confirmations > 0) await MailDrain.drain({ budgetMs: 5_000 });
    const mailed = (await outbox()).filter((m) => m.to.some((a) => emails.includes(a)));
    expect(mailed.length).toBeGreaterThan(0);
    expect(mailed.length).toBeLessThanOrEqual(NETWORK_ALLOWANCE * hoursTouched(started, Date.now()));
    expect(mailed.length + (await HeldStore.countHeld(network))).toBe(emails.length);
    // the signatures are kept, pending their links
    expect(await Petition.counts(petition.id, true)).toMatchObject({ pending: emails.length });
    // the console names the network, how much waits and why
    const listed = (await admin(heldList, {})).body.domains.find((d: { domain: string }) => d.domain === network);
    expect(listed).toMatchObject({
      network: true,
      held: emails.length - mailed.length,
      reason: `more than ${NETWORK_ALLOWANCE} e-mails an hour were asked for through the site's forms from this network (one IPv6 /48)`,
    });
    // a network's hour is its own: another network's signer is mailed
    const other = `other-net-${run}@gmail.com`;
    expect(
      (await call(sign, httpEvent({ method: "POST", pathParameters: { id: petition.id }, body: signer("other", { email: other }), sourceIp: "192.0.2.77" })))
        .statusCode,
    ).toBe(201);
    await bus.idle();
    while ((await MailQueue.pending()).confirmations > 0) await MailDrain.drain({ budgetMs: 5_000 });
    expect((await outbox()).filter((m) => m.to.includes(other))).toHaveLength(1);
  });

  it("counts a single send's network (a report's confirmation from a /24); released, held mail is not braked again", async () => {
    const network = mailNetworkOf("198.51.100.23")!;
    expect(network).toBe("198.51.100.0/24");
    const domain = `full-${run}.example`;
    const confirmation = (to: string) => ({
      kind: "report-confirmation",
      to: [to],
      network,
      subject: "We received your report",
      text: "Thanks.",
      html: "<p>Thanks.</p>",
    });
    // twice the network's allowance to one domain (under the domain's): the network holds the second half
    for (let i = 0; i < 2 * NETWORK_ALLOWANCE; i++) await Mail.send(confirmation(`r${i}@${domain}`));
    expect(await atDomain(domain)()).toHaveLength(NETWORK_ALLOWANCE);
    expect(await HeldStore.countHeld(network)).toBe(NETWORK_ALLOWANCE);
    // the held mail's network travels with it: nothing of it reaches the outbox file
    expect((await atDomain(domain)()).every((m) => !("network" in m))).toBe(true);
    // the domain's hour fills from elsewhere (no network known): its own allowance now holds new mail to it
    for (let i = 0; i < ALLOWANCE - 2 * NETWORK_ALLOWANCE + 1; i++) await Mail.send(guide(`g${i}@${domain}`));
    expect(await HeldStore.countHeld(domain)).toBe(1);
    // an administrator allows the network: what it held goes, although the domain is over its allowance now
    const released = await admin(heldRelease, { method: "POST", body: { domain: network } });
    expect(released).toMatchObject({ statusCode: 200, body: { done: NETWORK_ALLOWANCE, remaining: 0 } });
    expect((await atDomain(domain)()).filter((m) => m.kind === "report-confirmation")).toHaveLength(2 * NETWORK_ALLOWANCE);
    expect(await HeldStore.countHeld(domain)).toBe(1);
  });
});

describe("a mail-queue round's verdict", () => {
  it("counts a round's addresses per domain, admits exactly the allowance, and gives back what a deferred round counted", async () => {
    const domain = `round-${run}.example`;
    const addresses = (tag: string, n: number) => Array.from({ length: n }, (_, i) => `${tag}${i}@${domain}`);
    const deferred = await DomainBrake.judge(addresses("a", 15));
    expect(deferred.admitted.size).toBe(15);
    // the budget deferred that round: nothing went, so nothing stays counted
    await DomainBrake.giveBack(deferred);
    const next = await DomainBrake.judge(addresses("b", ALLOWANCE + 2));
    expect([next.admitted.size, next.held.size]).toEqual([ALLOWANCE, 2]);
    const mixed = await DomainBrake.judge([`c@${domain}`, `reader-${run}@gmail.com`]);
    expect([...mixed.held]).toEqual([[`c@${domain}`, domain]]);
    expect([...mixed.admitted]).toEqual([`reader-${run}@gmail.com`]);
  });
});

describe("the console's actions on held mail", () => {
  it("allowing a domain sends what was held for it, once, and its mail is never braked again", async () => {
    const domain = `school-${run}.example`;
    const addresses = Array.from({ length: ALLOWANCE + 5 }, (_, i) => `pupil${i}@${domain}`);
    for (const to of addresses) await Mail.send(guide(to));
    expect(await atDomain(domain)()).toHaveLength(ALLOWANCE);
    expect(await HeldStore.countHeld(domain)).toBe(5);
    // mail to a large provider and the administrators' own are never braked
    for (let i = 0; i < ALLOWANCE + 1; i++) await Mail.send(guide(`reader${i}-${run}@gmail.com`));
    expect((await outbox()).filter((m) => m.to[0].startsWith("reader") && m.to[0].endsWith(`-${run}@gmail.com`))).toHaveLength(ALLOWANCE + 1);

    const [first, second] = await Promise.all([
      admin(heldRelease, { method: "POST", body: { domain: domain.toUpperCase() } }),
      admin(heldRelease, { method: "POST", body: { domain } }),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(first.body.done + second.body.done).toBe(5);
    expect(second.body.remaining).toBe(0);
    const sent = await atDomain(domain)();
    expect(sent).toHaveLength(ALLOWANCE + 5);
    expect(new Set(sent.map((m) => m.to[0]))).toEqual(new Set(addresses));
    expect((await admin(heldList, {})).body.domains.map((d: { domain: string }) => d.domain)).not.toContain(domain);

    await Mail.send(guide(`late@${domain}`));
    expect(await atDomain(domain)()).toHaveLength(ALLOWANCE + 6);
    const audited = (await Audit.list(20)).filter((e) => e.action === "mail.domain_allowed" && e.target === domain);
    expect(audited.reduce((n, e) => n + (e.rows ?? 0), 0)).toBe(5);
  });

  it("discarding deletes what was held (nothing is sent), and an erasure deletes a person's held e-mail", async () => {
    const domain = `discard-${run}.example`;
    for (let i = 0; i < ALLOWANCE + 3; i++) await Mail.send(guide(`p${i}@${domain}`));
    expect(await HeldStore.countHeld(domain)).toBe(3);

    // the person whose address was typed asks for their data to be erased: their held e-mail goes too
    await eraseRecords(`p${ALLOWANCE}@${domain}`);
    expect(await HeldStore.countHeld(domain)).toBe(2);

    const res = await admin(heldDiscard, { method: "POST", body: { domain } });
    expect(res).toMatchObject({ statusCode: 200, body: { done: 2, remaining: 0 } });
    expect(await HeldStore.countHeld(domain)).toBe(0);
    expect(await atDomain(domain)()).toHaveLength(ALLOWANCE);
    expect((await admin(heldList, {})).body.domains.map((d: { domain: string }) => d.domain)).not.toContain(domain);
    // mail held after the discard lists the domain again (the hour's count stays over its allowance)
    await Mail.send(guide(`after@${domain}`));
    expect((await admin(heldList, {})).body.domains).toContainEqual(expect.objectContaining({ domain, held: 1 }));
    expect(await admin(heldDiscard, { method: "POST", body: { domain: "not a domain" } })).toMatchObject({
      statusCode: 400,
      body: { error: "Domain is not valid" },
    });
  });
});
