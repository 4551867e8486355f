import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import { settings } from "@site/core/config";
import { listOutbox } from "@site/core/mail/outbox";
import { handler as reportCreate } from "../../packages/functions/src/http/report-create";
import { handler as sign } from "../../packages/functions/src/http/signature-create";
import { installLocalBus } from "../../scripts/local/bus";
import { call, httpEvent } from "../support/http";
import { newPetition, signer } from "../support/fixtures";
import { fullReport } from "../support/reports";

/**
 * Mail to an address a visitor typed carries only what the site wrote and the visitor's
 * own name, so nobody can use our forms to send their text (a link) to a stranger. Every other
 * free-text field gets a link of its own; the visitor's e-mails must contain none of them.
 */
const bus = installLocalBus();
const marker = randomUUID().slice(0, 8);
let n = 0;
/** A link whose host names the field it was typed into. */
const link = (field: string) => `https://relay-${marker}-${field}-${++n}.example/click`;
const visitorMail = async (address: string) =>
  (await listOutbox(settings().OUTBOX_DIR)).filter((m) => m.to.map((t) => t.toLowerCase()).includes(address.toLowerCase()));
const leaked = (m: { subject: string; text: string; html: string }) =>
  [m.subject, m.text, m.html].join("\n").match(new RegExp(`relay-${marker}-[a-z-]+`, "g")) ?? [];

it("a report's confirmation repeats none of the report's free text (company, scammer, descriptions, places)", async () => {
  const report = fullReport("relay");
  report.scamTypes = [
    { type: "fake_resale", claimedSaleAmount: 25000 },
    { type: "upfront_fees", amount: 1500, promisedServices: link("services") },
    { type: "high_pressure", tactics: link("tactics"), limitedTimeOrThreat: true },
    { type: "refund_exit", promisedRefund: 9000, contactedAfterOtherCompany: true },
    { type: "other", description: link("description") },
  ];
  report.contactMethods = [
    { method: "social_media", platform: link("platform"), profile: link("profile") },
    { method: "in_person", location: link("location"), eventType: link("event") },
  ];
  report.scammer = { name: link("scammer-name"), company: link("company"), website: link("website") };
  report.reportedTo = link("reported-to");
  report.reporter.city = link("city");
  const res = await call(reportCreate, httpEvent({ method: "POST", body: report, sourceIp: "10.211.0.1" }));
  expect(res.statusCode, JSON.stringify(res.body)).toBe(201);
  await bus.idle();
  // the report's confirmation, and the newsletter's (the report asked for updates)
  const mail = await visitorMail(report.reporter.email);
  const confirmation = mail.find((m) => m.subject.startsWith("Your scam report"));
  expect(mail.map((m) => m.kind).sort()).toEqual(["newsletter-confirmation", "report-confirmation"]);
  expect(mail.flatMap(leaked)).toEqual([]);
  // the reporter's own name is the one thing they typed that comes back
  expect(confirmation?.text).toContain(report.reporter.fullName);
});

it("a signer's share e-mail repeats none of the signature's free text", async () => {
  const { id } = await newPetition(100);
  const body = signer("relay", { timeshareName: link("timeshare") });
  const res = await call(sign, httpEvent({ method: "POST", pathParameters: { id }, body, sourceIp: "10.211.0.2" }));
  expect(res.statusCode, JSON.stringify(res.body)).toBe(201);
  await bus.idle();
  const mail = await visitorMail(body.email);
  expect(mail.length).toBeGreaterThan(0);
  expect(mail.flatMap(leaked)).toEqual([]);
});
