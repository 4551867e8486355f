/**
 * The newsletter's subscriber model and double opt-in, server side: one subscriber per
 * normalised e-mail holding every consent, the confirmation e-mail (at most one per address per
 * 24 h) with a hashed, single-use token valid 7 days, POST /api/newsletter/confirm, the welcome
 * e-mail, re-subscribing after unsubscribing, and the three consent sources.
 */
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { inOneRateWindow } from "../support/rate-window";
import { createHash, randomUUID } from "node:crypto";
import { resetSettings, settings } from "@site/core/config";
import { db, table } from "@site/core/db/client";
import { Keys } from "@site/core/db/keys";
import { listOutbox } from "@site/core/mail/outbox";
import { confirmNewsletter, newsletterTokenIn } from "../support/newsletter-links";
import { Newsletter } from "@site/core/newsletter";
import { recount } from "@site/core/newsletter/counts";
import { SubscriberListing } from "@site/core/newsletter/listing";
import { handler as confirmRoute } from "../../packages/functions/src/http/newsletter-confirm";
import { handler as unsubscribeRoute } from "../../packages/functions/src/http/newsletter-unsubscribe";
import { handler as resubscribeRoute } from "../../packages/functions/src/http/newsletter-resubscribe";
import { handler as sign } from "../../packages/functions/src/http/signature-create";
import { handler as report } from "../../packages/functions/src/http/report-create";
import { handler as leadCreate } from "../../packages/functions/src/http/lead-create";
import { installLocalBus } from "../../scripts/local/bus";
import { call, httpEvent } from "../support/http";
import { newPetition, signer } from "../support/fixtures";
import { minimalReport } from "../support/reports";
import { useOwnTable } from "../support/table-snapshot";

const INVALID = { error: "This confirmation link is invalid, was already used, or has expired." };
const DAY_MS = 24 * 3600 * 1000;
const bus = installLocalBus();

beforeAll(async () => {
  await useOwnTable("newsletter");
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  resetSettings();
});

const address = (tag: string) => `NL-${tag}-${crypto.randomUUID().slice(0, 8)}@Example.com`;
const mailTo = async (to: string) => (await listOutbox(settings().OUTBOX_DIR)).filter((m) => m.to.includes(to.toLowerCase()));
const confirmations = async (to: string) => (await mailTo(to)).filter((m) => m.subject === "Please confirm your newsletter subscription");
const welcomes = async (to: string) => (await mailTo(to)).filter((m) => m.subject === "Welcome to our newsletter");
const tokenIn = (text: string) => {
  const match = /\/newsletter\/confirmed\?token=([A-Za-z0-9_-]{43})\b/.exec(text);
  if (!match) throw new Error(`no confirmation link in ${text}`);
  return match[1];
};
const rawItem = async (email: string) =>
  (await db().send(new GetCommand({ TableName: table(), Key: Keys.newsletter(email.toLowerCase()), ConsistentRead: true }))).Item;
const tokenItem = async (token: string) =>
  (
    await db().send(
      new GetCommand({ TableName: table(), Key: Keys.newsletterToken(createHash("sha256").update(token).digest("base64url")), ConsistentRead: true }),
    )
  ).Item;

let ips = 0;
const confirm = (token: unknown, sourceIp = `10.88.0.${++ips}`, headers: Record<string, string> = {}) =>
  call(confirmRoute, httpEvent({ method: "POST", path: "/api/newsletter/confirm", body: { token }, sourceIp, headers }));

async function subscribeAndSettle(email: string, source = "scam-report", consentAt = new Date(Date.now()).toISOString(), name = "Dana <O'Reilly>") {
  const result = await Newsletter.subscribe({ email, name, consentAt, source });
  await bus.idle();
  return result;
}

describe("Newsletter.subscribe", () => {
  it("creates an unconfirmed subscriber with the consent, a 30-day TTL and one confirmation e-mail", async () => {
    const email = address("new");
    const consentAt = new Date().toISOString();
    expect(await subscribeAndSettle(email, "petition:p1", consentAt)).toBe("unconfirmed");

    const sub = await Newsletter.find(email);
    expect(sub).toMatchObject({
      email: email.toLowerCase(),
      emailNormalized: email.toLowerCase(),
      name: "Dana <O'Reilly>",
      status: "unconfirmed",
      consents: [{ source: "petition:p1", at: consentAt }],
      expiresAt: Math.floor(Date.parse(consentAt) / 1000) + 30 * 24 * 3600,
    });
    expect(sub!.confirmedAt).toBeUndefined();
    expect(Date.parse(sub!.confirmationSentAt!)).not.toBeNaN();
    expect(Date.parse(sub!.createdAt)).not.toBeNaN();

    const mails = await confirmations(email);
    expect(mails).toHaveLength(1);
    const token = tokenIn(mails[0].text);
    expect(mails[0].text).toContain(`${settings().SITE_URL.replace(/\/$/, "")}/newsletter/confirmed?token=${token}`);
    expect(mails[0].html).toContain("Dana &lt;O&#39;Reilly&gt;");
    expect(mails[0].html).not.toContain("<O'Reilly>");
    // only the token's hash is stored, with its TTL and validity
    const stored = await tokenItem(token);
    expect(stored).toMatchObject({ type: "newsletterToken", email: email.toLowerCase() });
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(Number(stored!.expiresAt)).toBeGreaterThan(Date.now() / 1000 + 7 * 24 * 3600 - 120);
    expect(Date.parse(String(stored!.validUntil))).toBeGreaterThan(Date.now() + 7 * DAY_MS - 120_000);
  });

  it("a second consent within 24 h is appended without a second e-mail; after 24 h a new one is sent", async () => {
    const email = address("twice");
    const first = new Date().toISOString();
    await subscribeAndSettle(email, "petition:p1", first);
    const second = new Date(Date.now() + 1000).toISOString();
    expect(await subscribeAndSettle(email.toUpperCase(), "lead:checklist", second)).toBe("unconfirmed");

    const sub = await Newsletter.find(email);
    expect(sub!.consents).toEqual([
      { source: "petition:p1", at: first },
      { source: "lead:checklist", at: second },
    ]);
    expect(sub!.expiresAt).toBe(Math.floor(Date.parse(second) / 1000) + 30 * 24 * 3600);
    expect(await confirmations(email)).toHaveLength(1);

    const now = Date.now();
    vi.spyOn(Date, "now").mockReturnValue(now + DAY_MS - 60_000);
    await subscribeAndSettle(email, "scam-report", new Date(now + DAY_MS - 60_000).toISOString());
    expect(await confirmations(email)).toHaveLength(1);

    vi.spyOn(Date, "now").mockReturnValue(now + DAY_MS + 60_000);
    await subscribeAndSettle(email, "scam-report", new Date(now + DAY_MS + 60_000).toISOString());
    expect(await confirmations(email)).toHaveLength(2);
    expect((await Newsletter.find(email))!.consents).toHaveLength(4);
  });

  it("records a redelivered consent (same source and time) once", async () => {
    const email = address("dup");
    const at = new Date().toISOString();
    expect(await subscribeAndSettle(email, "scam-report", at)).toBe("unconfirmed");
    expect(await subscribeAndSettle(email, "scam-report", at)).toBe("duplicate");
    expect((await Newsletter.find(email))!.consents).toEqual([{ source: "scam-report", at }]);
    expect(await confirmations(email)).toHaveLength(1);
  });
});

describe("POST /api/newsletter/confirm", () => {
  it("confirms with the e-mailed token: confirmed, TTL removed, token used up, the welcome with name and e-mail", async () => {
    const email = address("confirm");
    await subscribeAndSettle(email, "lead:before-you-sign");
    const token = tokenIn((await confirmations(email))[0].text);

    const res = await confirm(token);
    expect([res.statusCode, res.body]).toEqual([200, { status: "confirmed" }]);
    await bus.idle();

    const sub = await Newsletter.find(email);
    expect(sub).toMatchObject({ status: "confirmed", consents: [{ source: "lead:before-you-sign" }] });
    expect(Date.parse(sub!.confirmedAt!)).not.toBeNaN();
    expect((await rawItem(email))!.expiresAt).toBeUndefined();
    expect(await tokenItem(token)).toBeUndefined();

    const welcome = await welcomes(email);
    expect(welcome).toHaveLength(1);
    expect(welcome[0].text).toContain("Dear Dana <O'Reilly>,");
    expect(welcome[0].text).toContain(email.toLowerCase());
    expect(welcome[0].html).toContain("Dana &lt;O&#39;Reilly&gt;");
    expect(welcome[0].html).toContain(email.toLowerCase());

    // the same link again: refused, and nothing new
    const again = await confirm(token);
    expect([again.statusCode, again.body]).toEqual([400, INVALID]);
    await bus.idle();
    expect(await welcomes(email)).toHaveLength(1);
  });

  it("answers the page's retry of a confirmation that happened (same idempotency key) as the first, and nothing more; another key is refused", async () => {
    const email = address("confirm-retry");
    await subscribeAndSettle(email);
    const token = tokenIn((await confirmations(email))[0].text);
    const key = randomUUID().replace(/-/g, "");

    expect((await confirm(token, undefined, { "idempotency-key": key })).body).toEqual({ status: "confirmed" });
    await bus.idle();
    // the first answer was lost (a 503 after the work): the page sends the same token with the same key
    const retry = await confirm(token, undefined, { "idempotency-key": key });
    expect([retry.statusCode, retry.body]).toEqual([200, { status: "confirmed" }]);
    await bus.idle();
    expect(await welcomes(email)).toHaveLength(1);

    // the key answers only for its own link's confirmation; the link itself stays used up
    const otherKey = await confirm(token, undefined, { "idempotency-key": randomUUID().replace(/-/g, "") });
    expect([otherKey.statusCode, otherKey.body]).toEqual([400, INVALID]);
  });

  it("a confirmed subscriber who consents again stays confirmed, gets no e-mail and keeps their name", async () => {
    const email = address("reconsent");
    await subscribeAndSettle(email);
    expect((await confirm(tokenIn((await confirmations(email))[0].text))).statusCode).toBe(200);
    await bus.idle();
    vi.spyOn(Date, "now").mockReturnValue(Date.now() + 2 * DAY_MS);
    expect(await subscribeAndSettle(email, "petition:p2", new Date(Date.now()).toISOString(), "Someone Else")).toBe("confirmed");
    const sub = await Newsletter.find(email);
    expect(sub).toMatchObject({ status: "confirmed", name: "Dana <O'Reilly>" });
    expect(sub!.consents.map((c) => c.source)).toEqual(["scam-report", "petition:p2"]);
    expect((await rawItem(email))!.expiresAt).toBeUndefined();
    expect(await confirmations(email)).toHaveLength(1);
    expect(await welcomes(email)).toHaveLength(1);
  });

  it("refuses a token after 7 days", async () => {
    const email = address("expired");
    await subscribeAndSettle(email);
    const token = tokenIn((await confirmations(email))[0].text);
    vi.spyOn(Date, "now").mockReturnValue(Date.now() + 7 * DAY_MS + 1000);
    const res = await confirm(token);
    expect([res.statusCode, res.body]).toEqual([400, INVALID]);
    expect((await Newsletter.find(email))!.status).toBe("unconfirmed");
  });

  it("refuses unknown and malformed tokens", async () => {
    for (const token of ["A".repeat(43), "short", "", "%".repeat(43)]) {
      const res = await confirm(token);
      expect([res.statusCode, res.body], token).toEqual([400, INVALID]);
    }
    expect((await confirm(12)).statusCode).toBe(400);
  });

  it("limits each client to NEWSLETTER_CONFIRM_RATE_LIMIT_PER_MINUTE attempts a minute (429)", async () => {
    vi.stubEnv("NEWSLETTER_CONFIRM_RATE_LIMIT_PER_MINUTE", "3");
    resetSettings();
    await inOneRateWindow(async () => {
      const ip = `10.89.${Math.floor(Math.random() * 250)}.1`;
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await confirm("B".repeat(43), ip)).statusCode);
      expect(statuses).toEqual([400, 400, 400, 429]);
      // another client is not refused
      expect((await confirm("B".repeat(43), ip.replace(/1$/, "2"))).statusCode).toBe(400);
    });
  });
});

describe("leaving and coming back", () => {
  it("an unsubscribed address that consents again is unconfirmed and gets a fresh confirmation", async () => {
    const email = address("back");
    await subscribeAndSettle(email);
    const used = tokenIn((await confirmations(email))[0].text);
    expect((await confirm(used)).statusCode).toBe(200);
    await bus.idle();
    expect(await Newsletter.unsubscribeByAdmin(email)).toBe("unsubscribed");
    const later = Date.now() + DAY_MS + 60_000;
    vi.spyOn(Date, "now").mockReturnValue(later);
    expect(await subscribeAndSettle(email, "lead:checklist", new Date(later).toISOString())).toBe("unconfirmed");

    const sub = await Newsletter.find(email);
    expect(sub).toMatchObject({ status: "unconfirmed", expiresAt: Math.floor(later / 1000) + 30 * 24 * 3600 });
    expect(sub!.consents.map((c) => c.source)).toEqual(["scam-report", "lead:checklist"]);
    const mails = await confirmations(email);
    expect(mails).toHaveLength(2);
    const fresh = mails.map((m) => tokenIn(m.text)).filter((t) => t !== used);
    expect(fresh).toHaveLength(1);
    const res = await confirm(fresh[0]);
    expect([res.statusCode, res.body]).toEqual([200, { status: "confirmed" }]);
    await bus.idle();
    expect((await Newsletter.find(email))!.status).toBe("confirmed");
    expect(await welcomes(email)).toHaveLength(2);
  });

  it("a link issued before unsubscribing does not resubscribe", async () => {
    const email = address("left");
    await subscribeAndSettle(email);
    const token = tokenIn((await confirmations(email))[0].text);
    // an unconfirmed subscriber leaves through the administrators (they have no unsubscribe link yet)
    expect(await Newsletter.unsubscribeByAdmin(email)).toBe("unsubscribed");
    expect((await confirm(token)).body).toEqual(INVALID);
    expect((await Newsletter.find(email))!.status).toBe("unsubscribed");
  });
});

/** A confirmed subscriber and the unsubscribe token of their welcome e-mail. */
async function confirmedSubscriber(tag: string) {
  const email = address(tag);
  await subscribeAndSettle(email);
  expect((await confirm(tokenIn((await confirmations(email))[0].text))).statusCode).toBe(200);
  await bus.idle();
  const [welcome] = await welcomes(email);
  const match = /\/newsletter\/unsubscribe\?token=([A-Za-z0-9_-]{43})\b/.exec(welcome.text);
  if (!match) throw new Error(`no unsubscribe link in ${welcome.text}`);
  return { email, welcome, token: match[1] };
}

const unsubscribe = (token: unknown) => call(unsubscribeRoute, httpEvent({ method: "POST", path: "/api/newsletter/unsubscribe", body: { token } }));
const oneClick = (token: string, body = "List-Unsubscribe=One-Click") =>
  call(
    unsubscribeRoute,
    httpEvent({
      method: "POST",
      path: "/api/newsletter/unsubscribe",
      rawBody: body,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      queryStringParameters: { token },
    }),
  );
const resubscribe = (token: unknown) =>
  call(resubscribeRoute, httpEvent({ method: "POST", path: "/api/newsletter/resubscribe", body: { token }, sourceIp: `10.87.0.${++ips}` }));
const UNSUB_INVALID = { error: "This unsubscribe link is invalid, or this address is no longer on our list." };

describe("leaving: the unsubscribe link, the one-click POST and re-subscribing", () => {
  it("the welcome e-mail is a newsletter e-mail: an unsubscribe link in both parts and the RFC 8058 headers", async () => {
    const { welcome, token } = await confirmedSubscriber("headers");
    const site = settings().SITE_URL.replace(/\/$/, "");
    expect(welcome.html).toContain(`${site}/newsletter/unsubscribe?token=${token}`);
    expect(welcome.headers).toEqual({
      "List-Unsubscribe": `<${site}/api/newsletter/unsubscribe?token=${token}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
  });

  it("the page's POST unsubscribes once; the link keeps answering; re-subscribing confirms with its own consent and welcomes again", async () => {
    const { email, token } = await confirmedSubscriber("page");
    expect(await unsubscribe(token)).toMatchObject({ statusCode: 200, body: { status: "unsubscribed" } });
    const left = (await Newsletter.find(email))!;
    expect(left).toMatchObject({ status: "unsubscribed", unsubscribeToken: token });
    expect(Date.parse(left.unsubscribedAt!)).toBeGreaterThan(Date.now() - 60_000);
    expect((await rawItem(email))!.gsi2pk).toBeUndefined();
    expect(await unsubscribe(token)).toMatchObject({ statusCode: 200, body: { status: "already_unsubscribed" } });

    expect(await resubscribe(token)).toMatchObject({ statusCode: 200, body: { status: "confirmed" } });
    await bus.idle();
    const back = (await Newsletter.find(email))!;
    expect(back.status).toBe("confirmed");
    expect(back.consents.map((c) => c.source)).toEqual(["scam-report", "unsubscribe-page"]);
    expect((await rawItem(email))!.gsi2pk).toBe(Keys.newsletterConfirmedPartition);
    expect(await welcomes(email)).toHaveLength(2);
    expect(await resubscribe(token)).toMatchObject({ statusCode: 200, body: { status: "already_confirmed" } });
  });

  it("a mail provider's one-click form POST to the header's URL unsubscribes", async () => {
    const { email, token } = await confirmedSubscriber("oneclick");
    expect(await oneClick(token)).toMatchObject({ statusCode: 200, body: { status: "unsubscribed" } });
    expect((await Newsletter.find(email))!.status).toBe("unsubscribed");
  });

  it("an unknown, malformed or deleted subscriber's token is refused and changes nothing", async () => {
    const { email, token } = await confirmedSubscriber("unknown");
    for (const bad of ["A".repeat(43), "short", 42]) expect((await unsubscribe(bad)).statusCode).toBe(400);
    expect((await unsubscribe("A".repeat(43))).body).toEqual(UNSUB_INVALID);
    expect((await Newsletter.find(email))!.status).toBe("confirmed");
    await Newsletter.remove(email);
    expect(await rawItem(email)).toBeUndefined();
    expect((await unsubscribe(token)).body).toEqual(UNSUB_INVALID);
    expect((await resubscribe(token)).body).toEqual(UNSUB_INVALID);
  });

  it("a JSON route refuses a form body: only the one-click route accepts one", async () => {
    const res = await call(
      confirmRoute,
      httpEvent({ method: "POST", path: "/api/newsletter/confirm", rawBody: "token=x", headers: { "content-type": "application/x-www-form-urlencoded" } }),
    );
    expect(res.statusCode).toBe(415);
  });
});

describe("the three consent sources", () => {
  it("a signature, a scam report and a guide form with consent each record theirs on one subscriber", async () => {
    const email = address("sources");
    const petition = await newPetition();
    const signed = await call(
      sign,
      httpEvent({ method: "POST", pathParameters: { id: petition.id }, body: signer("nl", { email, newsletterConsent: true }), sourceIp: "10.90.0.1" }),
    );
    expect(signed.statusCode).toBe(201);
    const reported = await call(
      report,
      httpEvent({
        method: "POST",
        body: minimalReport("nl", { wantUpdates: true, reporter: { fullName: "Ana Lima", email, city: "Orlando", state: "FL" } }),
        sourceIp: "10.90.0.2",
      }),
    );
    expect(reported.statusCode, JSON.stringify(reported.body)).toBe(201);
    const asked = await call(
      leadCreate,
      httpEvent({
        method: "POST",
        pathParameters: { form: "checklist" },
        body: {
          fullName: "Ana Lima",
          email,
          newsletterConsent: true,
          client: { screenResolution: "1920x1080", timezone: "America/New_York", language: "en-US" },
        },
        sourceIp: "10.90.0.3",
      }),
    );
    expect(asked.statusCode, JSON.stringify(asked.body)).toBe(201);
    await bus.idle();

    const sub = await Newsletter.find(email);
    expect(sub!.status).toBe("unconfirmed");
    // the report's and the guide's consents ask for a confirmation (one e-mail); the signature's is an offer in its thank-you e-mail
    expect(sub!.consents.map((c) => c.source).sort()).toEqual(["lead:checklist", "scam-report"].sort());
    expect(await confirmations(email)).toHaveLength(1);
    const thanks = (await listOutbox(settings().OUTBOX_DIR)).find((m) => m.to.includes(email) && m.text.includes("You asked to be kept updated"));
    expect(await confirmNewsletter(newsletterTokenIn(thanks!.text)!)).toBe("confirmed");
    const taken = await Newsletter.find(email);
    expect(taken!.status).toBe("confirmed");
    expect(taken!.consents.map((c) => c.source).sort()).toEqual([`petition:${petition.id}`, "lead:checklist", "scam-report"].sort());
    await bus.idle();
    expect(bus.failures).toEqual([]);
  });
});

describe("the administrators' daily digest (template 18)", () => {
  it("lists the subscribers confirmed since the last digest in one e-mail, then sends nothing until someone new confirms", async () => {
    vi.stubEnv("ADMIN_NOTIFY_RECIPIENTS", "digest-admins@example.org");
    resetSettings();
    const digests = async () => (await listOutbox(settings().OUTBOX_DIR)).filter((m) => m.to.includes("digest-admins@example.org"));
    // a first run covers the last 24 h; start from an empty window after everything the other tests confirmed
    await Newsletter.sendDigest(Date.now() + Newsletter.DIGEST_LAG_MS);
    const before = (await digests()).length;

    const people = [await confirmedSubscriber("digest-a"), await confirmedSubscriber("digest-b")];
    const unconfirmed = address("digest-pending");
    await subscribeAndSettle(unconfirmed);

    const first = await Newsletter.sendDigest(Date.now() + 1000 + Newsletter.DIGEST_LAG_MS);
    expect(first).toMatchObject({ subscribers: 2, sent: true });
    const mails = (await digests()).slice(0, (await digests()).length - before);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe("Newsletter: 2 new confirmed subscribers");
    for (const p of people) expect(mails[0].text).toContain(`<${p.email.toLowerCase()}>, from scam-report`);
    expect(mails[0].text).not.toContain(unconfirmed.toLowerCase());
    expect(mails[0].html).toContain("Dana &lt;O&#39;Reilly&gt;");

    expect(await Newsletter.sendDigest(Date.now() + 2000 + Newsletter.DIGEST_LAG_MS)).toMatchObject({ subscribers: 0, sent: false });
    expect((await digests()).length).toBe(before + 1);
  });
});

describe("the count cards", () => {
  it("keep, through every flow above (consents, confirmations, unsubscribes, re-subscribes), the counts a count of the rows gives", async () => {
    await bus.idle();
    const kept = await SubscriberListing.counts();
    expect(kept.byStatus.confirmed).toBeGreaterThan(3);
    expect(kept.byStatus.unconfirmed).toBeGreaterThan(3);
    expect(kept.byStatus.unsubscribed).toBeGreaterThan(0);
    expect(kept.bySource["unsubscribe-page"]).toBeGreaterThan(0);
    expect(await recount()).toBe(kept.total);
    expect(await SubscriberListing.counts()).toEqual(kept);
  });
});
