/**
 * An erasure keeps the address's suppression entry (it holds no address, only the
 * person's kept, keyed hash), unless the person asks to be e-mailed again; /my-data and the download show
 * the entry. The link to /my-data still reaches a suppressed address: it is what lets its owner ask.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, expect, it, vi } from "vitest";
import { Audit } from "@site/core/audit";
import { resetSettings, settings } from "@site/core/config";
import { LEAD_FORMS } from "@site/core/lead/forms";
import { listOutbox } from "@site/core/mail/outbox";
import { auditedPerson, personHash } from "@site/core/db/person-index";
import { Suppression } from "@site/core/suppression";
import { handler as leadCreate } from "../../packages/functions/src/http/lead-create";
import { handler as privacyErase } from "../../packages/functions/src/http/privacy-erase";
import { handler as privacyExport } from "../../packages/functions/src/http/privacy-export";
import { handler as privacyRecords } from "../../packages/functions/src/http/privacy-records";
import { handler as privacyRequest } from "../../packages/functions/src/http/privacy-request";
import { installLocalBus } from "../../scripts/local/bus";
import { call, httpEvent } from "../support/http";
import { useOwnTable } from "../support/table-snapshot";

const bus = installLocalBus();
const run = randomUUID().slice(0, 8);
let ips = 0;
const post = (handler: Parameters<typeof call>[0], body: unknown, pathParameters?: Record<string, string>) =>
  call(handler, httpEvent({ method: "POST", body, pathParameters, sourceIp: `10.93.7.${++ips}` }));

beforeAll(async () => {
  await useOwnTable("privacy-mail-again");
  vi.stubEnv("PRIVACY_RATE_LIMIT_PER_MINUTE", "1000");
  resetSettings();
});

/** A person with a guide request whose address then complained: suppressed. */
async function complainedPerson(label: string): Promise<string> {
  const email = `${label}-${run}@example.com`;
  const asked = await post(
    leadCreate,
    { fullName: "Ana Lima", email, newsletterConsent: false, client: { screenResolution: "1920x1080", timezone: "America/New_York", language: "en-US" } },
    { form: LEAD_FORMS[0] },
  );
  expect(asked.statusCode, JSON.stringify(asked.body)).toBe(201);
  await bus.idle();
  await Suppression.suppress("complaint", { address: email, kind: "guide-checklist", at: "2026-05-01T12:00:00.000Z" });
  return email;
}

async function linkFor(email: string): Promise<string> {
  expect((await post(privacyRequest, { email })).statusCode).toBe(202);
  const mail = (await listOutbox(settings().OUTBOX_DIR)).filter((m) => m.to.includes(email) && /my-data\?token=/.test(m.text));
  expect(mail, "the link reaches a suppressed address").toHaveLength(1);
  return /\/my-data\?token=([A-Za-z0-9_-]{43})/.exec(mail[0].text)![1];
}

it("shows the suppression on /my-data and in the download, and an erasure keeps it", async () => {
  const email = await complainedPerson("keeps");
  const token = await linkFor(email);
  const records = await post(privacyRecords, { token });
  expect(records.body).toMatchObject({ counts: { lead: 1 }, mailStopped: { reason: "complaint", at: "2026-05-01T12:00:00.000Z" } });
  const exported = await post(privacyExport, { token });
  expect(exported.body).toMatchObject({ mailStopped: { reason: "complaint", at: "2026-05-01T12:00:00.000Z", kind: "guide-checklist" } });

  const erased = await post(privacyErase, { token });
  expect(erased.statusCode, JSON.stringify(erased.body)).toBe(200);
  expect(erased.body).toMatchObject({ erased: { lead: 1 } });
  expect(await Suppression.find({ address: email })).toMatchObject({ suppressed: true, reason: "complaint" });
  // the guide e-mail sent before the complaint, and no completion e-mail: it is held back like any mail to a suppressed address
  expect((await listOutbox(settings().OUTBOX_DIR)).filter((m) => m.to.includes(email) && !/my-data\?token=/.test(m.text))).toHaveLength(1);
});

it("lifts the suppression when the person asks to be e-mailed again, audited under their hash, and mails the completion", async () => {
  const email = await complainedPerson("again");
  const before = (await listOutbox(settings().OUTBOX_DIR)).filter((m) => m.to.includes(email)).length;
  const token = await linkFor(email);
  const erased = await post(privacyErase, { token, mailAgain: true });
  expect(erased.statusCode, JSON.stringify(erased.body)).toBe(200);
  expect(await Suppression.find({ address: email })).toBeUndefined();
  const audit = (await Audit.list(50)).filter((e) => e.action === "mail.suppression_lifted");
  // named by the audit trail's keyed hash, never the address or its plain hash
  expect(audit.map((e) => e.target)).toContainEqual(expect.stringContaining(auditedPerson(email)));
  expect(audit.find((e) => e.target.includes(auditedPerson(email)))).toMatchObject({ actor: "the person (confirmed link)" });
  expect(audit.filter((e) => e.target.includes(personHash(email)))).toEqual([]);
  // the link, then the completion e-mail, which the lifted suppression no longer holds back
  expect((await listOutbox(settings().OUTBOX_DIR)).filter((m) => m.to.includes(email)).length).toBe(before + 2);
});

it("refuses a mailAgain that is not true or false, changing nothing", async () => {
  const email = await complainedPerson("bad");
  const token = await linkFor(email);
  const res = await post(privacyErase, { token, mailAgain: "yes" });
  expect(res).toMatchObject({ statusCode: 400, body: { error: "mailAgain must be true or false" } });
  expect(await Suppression.find({ address: email })).toMatchObject({ suppressed: true });
  expect((await post(privacyRecords, { token })).body).toMatchObject({ counts: { lead: 1 } });
});
