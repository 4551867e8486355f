/**
 * The four free-guide forms over HTTP through the local server: each
 * form stores one submission of one shape in one transaction, the spec's messages, unknown forms,
 * the rate limit and captcha, and the effects of `lead.created` (the guide's e-mail with the PDF
 * link, the administrators' notice, the newsletter only with consent, the form's spreadsheet tab).
 *
 * Every test speaks from its own loopback address (127.0.9.x), which the local server reports as
 * the viewer's IP, so each has its own rate-limit window.
 */
import { personPartition } from "@site/core/db/person-index";
import { readFile } from "node:fs/promises";
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Bus } from "@site/core/bus";
import { settings } from "@site/core/config";
import { db, table } from "@site/core/db/client";
import { Keys } from "@site/core/db/keys";
import { Lead } from "@site/core/lead";
import { LEAD_FORMS, LEAD_FORM_INFO } from "@site/core/lead/forms";
import { LEAD_CSV_COLUMNS } from "@site/core/lead/record";
import { indexKey } from "@site/core/lead/index-item";
import type { LeadInput } from "@site/core/lead/input";
import { Mail } from "@site/core/mail";
import { MAILBOX_RECORDS_PER_DAY } from "@site/core/ratelimit";
import { Report } from "@site/core/report";
import { ReportInput } from "@site/core/report/input";
import { fromHeaders } from "@site/core/request/metadata";
import { metaDetails } from "@site/core/request/meta-details";
import { listOutbox } from "@site/core/mail/outbox";
import { fileFor } from "@site/core/sheets/local";
import { handler as guideEmail } from "../../packages/functions/src/events/lead-guide-email";
import { handler as notifyAdmin } from "../../packages/functions/src/events/lead-notify-admin";
import { handler as newsletter } from "../../packages/functions/src/events/lead-newsletter";
import { installLocalBus } from "../../scripts/local/bus";
import { rawRequest, startLocalApi, loopbackVisitors, type Client } from "../support/local-api";
import { inOneRateWindow } from "../support/rate-window";
import { captchaOnEchoingActions } from "../support/captcha";
import { minimalReport } from "../support/reports";
import { describeChanges, diff, snapshot, useOwnTable } from "../support/table-snapshot";

const UA = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1";
const reportMeta = metaDetails(fromHeaders({ "user-agent": UA }, "10.61.0.9"));
const TOO_MANY = { error: "Too many attempts. Please wait a minute and try again." };
const TOO_MANY_FOR_MAILBOX = { error: "Too many submissions with this e-mail address today. Please try again tomorrow." };
const MISSING = "Please fill in all required fields.";
const BAD_EMAIL = "Please enter a valid email address.";
const CLIENT = { screenResolution: "390x844", timezone: "America/Chicago", language: "en-US" };

const bus = installLocalBus();
let api: Awaited<ReturnType<typeof startLocalApi>>;

beforeAll(async () => {
  await useOwnTable("leads");
  api = await startLocalApi();
});

afterAll(async () => {
  await api?.close();
  await bus.idle();
});

/** A visitor at their own address: the socket binds to 127.0.9.x. */
const visitor = loopbackVisitors(9);

let emails = 0;
/** A valid body with an address of its own (visitor e-mails are capped at one per address a day). */
const lead = (extra: Partial<LeadInput> = {}): LeadInput => ({
  fullName: "Dana O'Reilly",
  email: `Lead-${++emails}-${crypto.randomUUID().slice(0, 6)}@Example.com`,
  newsletterConsent: false,
  client: CLIENT,
  ...extra,
});

async function post(client: Client, form: string, body: unknown) {
  const res = await rawRequest(
    api.port,
    { method: "POST", path: `/api/leads/${form}`, headers: { "content-type": "application/json", "user-agent": UA }, body: JSON.stringify(body) },
    client.agent,
  );
  return { status: res.status, body: JSON.parse(res.body) };
}

/** The table once every event delivered so far has had its effects (which write too). */
const settled = async () => {
  await bus.idle();
  return snapshot();
};
const stored = async (key: Record<string, string>) => (await db().send(new GetCommand({ TableName: table(), Key: key, ConsistentRead: true }))).Item;
const mailTo = async (address: string) => (await listOutbox(settings().OUTBOX_DIR)).filter((m) => m.to.includes(address));
const adminMailAbout = async (email: string) => (await mailTo("admins@example.org")).filter((m) => m.text.includes(`Email: ${email}`));

describe("POST /api/leads/{form}", () => {
  it.each(LEAD_FORMS.map((f) => [f]))("%s stores one submission, in the one shape all four forms share, with its index row and event", async (form) => {
    const client = visitor();
    const body = lead({ newsletterConsent: form === "before-you-sign" });
    await bus.idle();
    const before = await snapshot();
    const res = await post(client, form, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({ id: expect.stringMatching(/^[0-9a-z]{21}$/) });
    const id = res.body.id as string;

    const item = await stored(Keys.lead(id));
    expect(item).toEqual({
      pk: `LEAD#${id}`,
      sk: "LEAD",
      gsi1pk: `LEADS#${form}`,
      gsi1sk: `${item!.createdAt}#${id}`,
      // the privacy index: the person by a hash of their e-mail, this record by kind and key
      gsi3pk: personPartition(item!.email as string),
      gsi3sk: `lead#LEAD#${id}#LEAD`,
      type: "lead",
      id,
      form,
      fullName: "Dana O'Reilly",
      email: body.email,
      emailNormalized: body.email.toLowerCase(),
      newsletterConsent: form === "before-you-sign",
      meta: {
        browser: expect.stringMatching(/^Safari/),
        deviceType: "Mobile",
        screenResolution: "390x844",
        userAgent: UA,
        timezone: "America/Chicago",
        language: "en-US",
        ipAddress: client.ip,
        // the local server, like CloudFront for a private address, gives no location
        city: "Unknown",
        region: "Unknown",
        country: "Unknown",
        latitude: "Unknown",
        longitude: "Unknown",
      },
      createdDate: expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/),
      createdTime: expect.stringMatching(/^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/),
      createdAt: expect.any(String),
    });
    const at = new Date(item!.createdAt as string);
    expect(Date.now() - at.getTime()).toBeLessThan(60_000);
    // US Eastern, 24-hour
    const eastern = new Intl.DateTimeFormat("en-US", {
      timeZone: "America/New_York",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    const parts = Object.fromEntries(eastern.formatToParts(at).map((p) => [p.type, p.value]));
    expect(item!.createdDate).toBe(`${parts.month}/${parts.day}/${parts.year}`);
    expect(item!.createdTime).toBe(`${parts.hour}:${parts.minute}:${parts.second}`);
    expect(await stored(indexKey(form, id))).toMatchObject({ type: "leadIndex", r: expect.stringContaining(body.email) });

    // one transaction: the submission, its index row, a count shard, the client's rate window, its mailbox's day count, the outbox item;
    // the rest is what the event's subscribers (mail, newsletter, sheet) may have written by now
    const written = diff(before, await snapshot()).filter((c) => c.change !== "removed");
    const kinds = written.map((c) => c.kind).sort();
    // mailDomainCount: the guide e-mail counted against its domain's hourly allowance (mail/domain-brake.ts)
    // noticeHour: the administrators' notice counted against its hour's allowance (mail/notice-digest.ts)
    const sideEffects = [
      "noticeHour",
      "outbox",
      "effect",
      "mailCap",
      "mailBudget",
      "mailDomainCount",
      "newsletter",
      "newsletterToken",
      "newsletterIndex",
      "newsletterMeta",
      "sheetSync",
    ];
    expect(
      kinds.filter((k) => !sideEffects.includes(k)),
      describeChanges(written),
    ).toEqual(["RATE", "RATE", "lead", "leadCount", "leadIndex"].sort());
    expect((await Lead.fromID(id, form)).email).toBe(body.email);
  });

  it.each([
    ["no name", { fullName: undefined }, { fullName: MISSING }],
    ["a blank name", { fullName: "   " }, { fullName: MISSING }],
    ["no e-mail", { email: undefined }, { email: MISSING }],
    ["a blank e-mail", { email: "  " }, { email: MISSING }],
    ["neither", { fullName: "", email: "" }, { fullName: MISSING, email: MISSING }],
    ["a bad e-mail", { email: "ana@example" }, { email: BAD_EMAIL }],
    ["an e-mail with a space", { email: "ana lima@example.com" }, { email: BAD_EMAIL }],
  ])("answers %s with the spec's message (400) on every form, writing nothing", async (_, change, fields) => {
    const before = await settled();
    for (const form of LEAD_FORMS) {
      const body = Object.fromEntries(Object.entries({ ...lead(), ...change }).filter(([, v]) => v !== undefined));
      const res = await post(visitor(), form, body);
      expect(res.status, form).toBe(400);
      expect(res.body).toEqual({ error: Object.values(fields)[0], fields });
    }
    const changes = diff(before, await settled());
    expect(changes, describeChanges(changes)).toEqual([]);
  });

  it("answers an unknown form with 404, before reading the body, writing nothing", async () => {
    const before = await settled();
    for (const form of ["free-guide", "CHECKLIST", "checklist2", "timeshare-scam-checklist", "__proto__"]) {
      expect(await post(visitor(), form, lead()), form).toEqual({ status: 404, body: { error: "Form not found" } });
    }
    expect((await post(visitor(), "nope", {})).status).toBe(404);
    expect(diff(before, await settled())).toEqual([]);
  });

  it("limits each client to LEAD_RATE_LIMIT_PER_MINUTE submissions a minute over the four forms (429), others unaffected", async () => {
    const limit = settings().LEAD_RATE_LIMIT_PER_MINUTE;
    expect(limit).toBe(5);
    await inOneRateWindow(async () => {
      const client = visitor();
      for (let i = 0; i < limit; i++) expect((await post(client, LEAD_FORMS[i % LEAD_FORMS.length], lead())).status).toBe(201);
      const before = await settled();
      for (const form of LEAD_FORMS) expect(await post(client, form, lead())).toMatchObject({ status: 429, body: TOO_MANY });
      const changes = diff(before, await settled());
      expect(changes, describeChanges(changes)).toEqual([]);
      expect((await post(visitor(), "checklist", lead())).status).toBe(201);
    });
  });

  it("limits each mailbox to MAILBOX_RECORDS_PER_DAY guide requests and scam reports a day, whoever sends them (429), writing nothing over it", async () => {
    expect(MAILBOX_RECORDS_PER_DAY).toBe(10);
    const victim = `victim-${crypto.randomUUID().slice(0, 8)}@example.com`;
    // from ever new clients, so no client's own limit applies; the mailbox's `+tags` and case fold into one
    for (let i = 0; i < MAILBOX_RECORDS_PER_DAY - 1; i++) {
      const address = i % 2 ? victim.replace("@", `+${i}@`) : victim.toUpperCase();
      expect((await post(visitor(), LEAD_FORMS[i % LEAD_FORMS.length], lead({ email: address }))).status).toBe(201);
    }
    // a scam report counts against the same mailbox
    const report = (n: string) => ({ ...minimalReport(n), reporter: { ...minimalReport(n).reporter, email: victim } });
    expect((await Report.create({ submission: ReportInput.parse(report("tenth")), client: "10.61.0.1", meta: reportMeta })).report.id).toBeTruthy();
    const before = await settled();
    expect(await post(visitor(), "checklist", lead({ email: victim.replace("@", "+more@") }))).toMatchObject({ status: 429, body: TOO_MANY_FOR_MAILBOX });
    await expect(Report.create({ submission: ReportInput.parse(report("eleventh")), client: "10.61.0.2", meta: reportMeta })).rejects.toThrow(
      TOO_MANY_FOR_MAILBOX.error,
    );
    const changes = diff(before, await settled());
    expect(changes, describeChanges(changes)).toEqual([]);
    // another mailbox is not refused
    expect((await post(visitor(), "checklist", lead())).status).toBe(201);
  });

  describe("with captcha on", () => {
    captchaOnEchoingActions();

    it.each(LEAD_FORMS.map((f) => [f, LEAD_FORM_INFO[f].captchaAction]))(
      "%s takes a token for its action %s and refuses another or none",
      async (form, action) => {
        const client = visitor();
        expect((await post(client, form, lead({ captchaToken: action }))).status).toBe(201);
        const before = await settled();
        const other = action === "download_guide" ? "download_report" : "download_guide";
        for (const captchaToken of [other, "sign_petition", undefined]) {
          expect(await post(client, form, lead({ captchaToken }))).toEqual({ status: 400, body: { error: "Security verification failed. Please try again." } });
        }
        expect(diff(before, await settled())).toEqual([]);
      },
    );
  });
});

describe("after a submission", () => {
  it.each(LEAD_FORMS.map((f) => [f]))("%s: e-mails the visitor a working link to the form's PDF, naming the document", async (form) => {
    const body = lead();
    expect((await post(visitor(), form, body)).status).toBe(201);
    await bus.idle();
    const info = LEAD_FORM_INFO[form];
    const [mail, ...more] = await mailTo(body.email);
    expect(more).toEqual([]);
    expect(mail.subject).toBe(info.documentTitle);
    const link = `${api.base}/guides/${info.pdfFile}`;
    expect(mail.text).toContain("Dear Dana O'Reilly,");
    expect(mail.text).toContain(`"${info.documentTitle}"`);
    expect(mail.text).toContain(`Download it here (PDF): ${link}`);
    expect(mail.html).toContain(`<a href="${link}">Download ${info.documentTitle} (PDF)</a>`);
    expect(mail.html).toContain("Dana O&#39;Reilly");
    expect(mail.html).not.toContain("Dana O'Reilly");
    expect(new URL(link).pathname).toBe(`/guides/${info.pdfFile}`);
  });

  it("tells the administrators, per form, the name, e-mail, form, date and time (EST), consent, location, device and browser", async () => {
    const client = visitor();
    for (const form of LEAD_FORMS) {
      const body = lead({ newsletterConsent: form === "checklist" });
      const { id } = (await post(client, form, body)).body;
      await bus.idle();
      const saved = await Lead.fromID(id, form);
      const [mail, ...more] = await adminMailAbout(body.email);
      expect(more).toEqual([]);
      expect(mail.subject).toBe(`New submission: ${LEAD_FORM_INFO[form].adminTitle}`);
      expect(mail.subject).not.toContain(body.email);
      for (const line of [
        `Form: ${LEAD_FORM_INFO[form].adminTitle}`,
        "Full name: Dana O'Reilly",
        `Email: ${body.email}`,
        `Submitted (EST): ${saved.createdDate} ${saved.createdTime}`,
        `Newsletter consent: ${form === "checklist" ? "Yes" : "No"}`,
        "Device: Mobile",
        "Browser: Safari 17",
        "Screen resolution: 390x844",
        "Language: en-US",
        "Timezone: America/Chicago",
        `All submissions: ${api.base}/admin/forms/${LEAD_FORM_INFO[form].adminSlug}`,
      ]) {
        expect(mail.text, form).toContain(line);
      }
      // no IP address, and no place derived from it: the console has them (N9)
      for (const part of [mail.text, mail.html]) {
        expect(part, form).not.toContain(client.ip);
        expect(part, form).not.toMatch(/IP address|Location/);
      }
      expect(mail.html).toContain("Dana O&#39;Reilly");
    }
  });

  it("records newsletter consent (source lead:<form>) only when the box was ticked", async () => {
    const consents = lead({ newsletterConsent: true });
    const declines = lead({ newsletterConsent: false });
    const { id } = (await post(visitor(), "spotting-exit-scams", consents)).body;
    await post(visitor(), "where-scams-thrive", declines);
    await bus.idle();
    const saved = await Lead.fromID(id);
    expect(await stored(Keys.newsletter(consents.email.toLowerCase()))).toMatchObject({
      type: "newsletter",
      email: consents.email.toLowerCase(),
      name: "Dana O'Reilly",
      consentAt: saved.createdAt,
      source: "lead:spotting-exit-scams",
    });
    expect(await stored(Keys.newsletter(declines.email.toLowerCase()))).toBeUndefined();
  });

  it("keeps each form's tab current: newest first, the spec's columns, only that form's rows", async () => {
    const first = lead({ fullName: "First Sheetrow" });
    const second = lead({ fullName: "Second Sheetrow", newsletterConsent: true });
    await post(visitor(), "where-scams-thrive", first);
    const { id } = (await post(visitor(), "where-scams-thrive", second)).body;
    const other = lead({ fullName: "Other Form" });
    await post(visitor(), "before-you-sign", other);
    await bus.idle();
    expect(bus.failures).toEqual([]);
    const lines = (await readFile(fileFor(settings().SHEETS_DIR, LEAD_FORM_INFO["where-scams-thrive"].sheetTab), "utf8")).trim().split("\r\n");
    expect(lines[0]).toBe(LEAD_CSV_COLUMNS.map((c) => `"${c}"`).join(","));
    const at = (email: string) => lines.findIndex((l) => l.includes(`"${email}"`));
    expect(at(second.email)).toBeGreaterThan(0);
    expect(at(second.email)).toBeLessThan(at(first.email));
    expect(at(other.email)).toBe(-1);
    const saved = await Lead.fromID(id, "where-scams-thrive");
    expect(lines[at(second.email)]).toBe(
      [
        "Second Sheetrow",
        second.email,
        "Yes",
        `${saved.createdDate} ${saved.createdTime}`,
        "Safari 17",
        "Mobile",
        "390x844",
        "en-US",
        "America/Chicago",
        "Unknown",
        "Unknown",
        "Unknown",
        saved.meta.ipAddress,
      ]
        .map((c) => `"${c}"`)
        .join(","),
    );
    const otherTab = await readFile(fileFor(settings().SHEETS_DIR, LEAD_FORM_INFO["before-you-sign"].sheetTab), "utf8");
    expect(otherTab).toContain(other.email);
    expect(otherTab).not.toContain(first.email);
  });

  it("has each effect once when the same event is delivered twice", async () => {
    const body = lead({ newsletterConsent: true });
    const { id } = (await post(visitor(), "checklist", body)).body;
    await bus.idle();
    const subscribed = await stored(Keys.newsletter(body.email.toLowerCase()));
    const envelope = Bus.envelope(Lead.Events.Created.type, { leadId: id, form: "checklist" });
    for (const handler of [guideEmail, notifyAdmin, newsletter, guideEmail, notifyAdmin, newsletter]) await handler(envelope);
    // one from the original delivery, one for the re-delivered envelope (a new event id), none for the duplicate
    expect(await adminMailAbout(body.email)).toHaveLength(2);
    expect(await mailTo(body.email)).toHaveLength(2);
    expect(await stored(Keys.newsletter(body.email.toLowerCase()))).toEqual(subscribed);
  });

  it("keeps the submission and answers 201 when sending mail fails, and retries until the guide is sent", async () => {
    const body = lead();
    let failures = 0;
    const original = Mail.send;
    const spy = vi.spyOn(Mail, "send").mockImplementation(async (m) => {
      if (m.to.includes(body.email) && failures < 2) {
        failures++;
        throw new Error("SES is down");
      }
      return original(m);
    });
    try {
      const res = await post(visitor(), "before-you-sign", body);
      expect(res.status).toBe(201);
      expect(await Lead.find(res.body.id)).toBeDefined();
      await bus.idle();
      expect(failures).toBe(2);
      expect(await mailTo(body.email)).toHaveLength(1);
      expect(await adminMailAbout(body.email)).toHaveLength(1);
    } finally {
      spy.mockRestore();
    }
  });

  it("sends nothing for a submission deleted before its event arrives", async () => {
    const body = lead({ newsletterConsent: true });
    const { id } = (await post(visitor(), "checklist", body)).body;
    await bus.idle();
    expect(await Lead.remove({ id, form: "checklist" })).toBe(true);
    expect(await Lead.remove({ id, form: "checklist" })).toBe(false);
    const envelope = Bus.envelope(Lead.Events.Created.type, { leadId: id, form: "checklist" });
    const mails = (await listOutbox(settings().OUTBOX_DIR)).length;
    await notifyAdmin(envelope);
    await guideEmail(envelope);
    expect((await listOutbox(settings().OUTBOX_DIR)).length).toBe(mails);
  });
});
