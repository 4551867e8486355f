import { beforeAll, describe, expect, it } from "vitest";
import { handler as sign } from "../../packages/functions/src/http/signature-create";
import { handler as report } from "../../packages/functions/src/http/report-create";
import { handler as leadCreate } from "../../packages/functions/src/http/lead-create";
import { handler as privacyRequest } from "../../packages/functions/src/http/privacy-request";
import { installLocalBus } from "../../scripts/local/bus";
import { call, httpEvent, type Result } from "../support/http";
import { newPetition, signer } from "../support/fixtures";
import { minimalReport } from "../support/reports";

/**
 * No public form tells a stranger whether an address is known (issue 24): each answers an address
 * that holds a signature, a subscription, a report and a guide request exactly as a fresh one,
 * but for the ids a new record gets.
 */
const bus = installLocalBus();
const run = crypto.randomUUID().slice(0, 8);
const CLIENT = { screenResolution: "1920x1080", timezone: "America/New_York", language: "en-US" };
let ip = 0;
const from = () => `10.97.${Math.floor(++ip / 250)}.${ip % 250}`;

/** The answer with the values of its id fields replaced by their type: what a visitor could compare. */
const shape = (res: Result) => ({
  statusCode: res.statusCode,
  body: Object.fromEntries(
    Object.entries(res.body as Record<string, unknown>)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([k, v]) => [k, /id$|^reference$/i.test(k) ? typeof v : v]),
  ),
});

const signAt = (petitionId: string, email: string) =>
  call(sign, httpEvent({ method: "POST", pathParameters: { id: petitionId }, body: signer("known", { email, newsletterConsent: true }), sourceIp: from() }));
const guide = (email: string) =>
  call(
    leadCreate,
    httpEvent({
      method: "POST",
      pathParameters: { form: "checklist" },
      body: { fullName: "Ana Lima", email, newsletterConsent: true, client: CLIENT },
      sourceIp: from(),
    }),
  );
const scamReport = (email: string) =>
  call(
    report,
    httpEvent({
      method: "POST",
      body: minimalReport("known", { wantUpdates: true, reporter: { fullName: "Ana Lima", email, city: "Orlando", state: "FL" } }),
      sourceIp: from(),
    }),
  );
const deletionRequest = (email: string) => call(privacyRequest, httpEvent({ method: "POST", body: { email }, sourceIp: from() }));

describe("every public form answers a known address as an unknown one", () => {
  const known = `known-${run}@example.com`;
  const unknown = () => `unknown-${crypto.randomUUID().slice(0, 8)}@example.com`;
  let petition: { id: string };
  beforeAll(async () => {
    petition = await newPetition(100, true);
    // the address becomes known everywhere: a signature, a newsletter consent, a guide request, a report
    expect((await signAt(petition.id, known)).statusCode).toBe(201);
    expect((await guide(known)).statusCode).toBe(201);
    expect((await scamReport(known)).statusCode).toBe(201);
    await bus.idle();
  });

  it("signing (a petition that verifies signatures)", async () => {
    expect(shape(await signAt(petition.id, known))).toEqual(shape(await signAt(petition.id, unknown())));
  });

  it("signing (a petition that counts every signature)", async () => {
    const open = await newPetition();
    expect((await signAt(open.id, known)).statusCode).toBe(201);
    const again = shape(await signAt(open.id, known));
    const fresh = shape(await signAt(open.id, unknown()));
    // the count is the petition's, whoever asks: compare what the answer says about the address
    expect({ ...again, body: { ...again.body, signatureCount: "n" } }).toEqual({ ...fresh, body: { ...fresh.body, signatureCount: "n" } });
  });

  it("a free-guide form (with the newsletter box ticked)", async () => {
    expect(shape(await guide(known))).toEqual(shape(await guide(unknown())));
  });

  it("the scam report (with updates asked for)", async () => {
    expect(shape(await scamReport(known))).toEqual(shape(await scamReport(unknown())));
  });

  it("the data-deletion request", async () => {
    expect(shape(await deletionRequest(known))).toEqual(shape(await deletionRequest(unknown())));
  });
});
