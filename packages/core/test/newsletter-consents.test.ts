import { describe, expect, it } from "vitest";
import { toRow } from "../src/newsletter/index-item";
import { targetedUpdate } from "../src/newsletter/store";
import { KEPT_CONSENTS, subscriberOf, withConsent, type Consent, type Subscriber } from "../src/newsletter/subscriber";

const at = (i: number) => new Date(Date.UTC(2025, 0, 1) + i * 3_600_000).toISOString();
const SOURCES = ["lead:checklist", "scam-report", "petition:p1"];
const consents = (n: number): Consent[] => Array.from({ length: n }, (_, i) => ({ source: SOURCES[i % SOURCES.length], at: at(i) }));

const subscriber = (over: Partial<Subscriber> = {}): Subscriber => ({
  email: "ana@example.com",
  emailNormalized: "ana@example.com",
  name: "Ana Lima",
  status: "confirmed",
  consents: consents(1),
  createdAt: at(0),
  source: SOURCES[0],
  consentAt: at(0),
  confirmedAt: at(1),
  unsubscribeToken: "t".repeat(43),
  rev: 4,
  ...over,
});

describe("a subscriber's consents", () => {
  it("keep the latest KEPT_CONSENTS, with the count of all and the distinct sources in the order first given", () => {
    expect(KEPT_CONSENTS).toBe(10);
    let sub = subscriber();
    for (const c of consents(26).slice(1)) sub = { ...sub, ...withConsent(sub, c) };
    expect(sub.consents).toEqual(consents(26).slice(-KEPT_CONSENTS));
    expect(sub.consentCount).toBe(26);
    expect(sub.sources).toEqual(SOURCES);
    expect(toRow(sub)).toMatchObject({ consentCount: 26, sources: SOURCES.join(","), firstConsentAt: at(0), lastConsentAt: at(25) });
    expect(JSON.parse(toRow(sub).consents)).toEqual(consents(26).slice(-KEPT_CONSENTS));
  });

  it("of an item stored before the bound are read as the latest, with the summary", () => {
    const { consentCount: _c, sources: _s, ...stored } = subscriber({ consents: consents(40) });
    const sub = subscriberOf(stored as Record<string, unknown>);
    expect(sub.consents).toEqual(consents(40).slice(-KEPT_CONSENTS));
    expect(sub).toMatchObject({ consentCount: 40, sources: SOURCES, source: SOURCES[0], consentAt: at(0) });
    // a short one reads as it is
    expect(subscriberOf({ ...subscriber({ consents: consents(2) }) })).toMatchObject({ consents: consents(2), consentCount: 2, sources: SOURCES.slice(0, 2) });
  });
});

describe("an unsubscribe's targeted update", () => {
  const leave = (sub: Subscriber): Subscriber => ({ ...sub, status: "unsubscribed", unsubscribedAt: at(50), expiresAt: undefined, rev: sub.rev + 1 });

  it("sets the status, its time and the revision, removes the confirmed-list keys, and sends nothing else", () => {
    const stored = subscriberOf({ ...subscriber({ consents: consents(40) }) });
    const update = targetedUpdate(stored, leave(stored));
    const names = Object.values(update.ExpressionAttributeNames).sort();
    expect(names).toEqual(["gsi2pk", "gsi2sk", "rev", "status", "unsubscribedAt"]);
    expect(update.UpdateExpression).toMatch(/^SET .+ REMOVE .+$/);
    expect(Object.values(update.ExpressionAttributeValues).sort()).toEqual([5, at(50), "unsubscribed"].sort());
    expect(JSON.stringify(update)).not.toContain("consent");
  });

  it("of an unconfirmed subscriber removes its TTL", () => {
    const stored = subscriber({ status: "unconfirmed", confirmedAt: undefined, unsubscribeToken: undefined, expiresAt: 1_800_000_000 });
    const update = targetedUpdate(stored, leave(stored));
    expect(Object.values(update.ExpressionAttributeNames).sort()).toEqual(["expiresAt", "rev", "status", "unsubscribedAt"]);
    expect(update.UpdateExpression).toMatch(/REMOVE #a\d+$/);
  });
});
