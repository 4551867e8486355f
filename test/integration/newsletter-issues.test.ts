/**
 * Newsletter issues (second half), through the handlers of the route table and the
 * local bus: drafts, the preview (Markdown rendered, raw HTML escaped), the test e-mail to the
 * administrator, and sending to every confirmed subscriber in batches: exactly one e-mail each with
 * the unsubscribe link and both RFC 8058 headers, nothing to anyone else; a failure mid-way pauses
 * the send, resuming finishes it and nobody gets two; a claim left by a crashed batch is never sent
 * again. Who may call the routes is proved by authz-matrix.test.ts, bad requests by bad-input.test.ts.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Bus } from "@site/core/bus";
import { resetSettings, settings } from "@site/core/config";
import { putAll } from "@site/core/db/batch";
import { db, table } from "@site/core/db/client";
import { Job } from "@site/core/jobs";
import { Mail } from "@site/core/mail";
import { listOutbox, type OutboxMessage } from "@site/core/mail/outbox";
import { Newsletter } from "@site/core/newsletter";
import { newToken } from "@site/core/util/token";
import { claim } from "@site/core/mailing/deliveries";
import { Issues } from "@site/core/newsletter/issues/index";
import { handler as listIssues } from "../../packages/functions/src/http/admin-newsletter-issue-list";
import { handler as createIssue } from "../../packages/functions/src/http/admin-newsletter-issue-create";
import { handler as audience } from "../../packages/functions/src/http/admin-newsletter-issue-audience";
import { handler as previewIssue } from "../../packages/functions/src/http/admin-newsletter-issue-preview";
import { handler as testIssue } from "../../packages/functions/src/http/admin-newsletter-issue-test";
import { handler as getIssue } from "../../packages/functions/src/http/admin-newsletter-issue-get";
import { handler as updateIssue } from "../../packages/functions/src/http/admin-newsletter-issue-update";
import { handler as deleteIssue } from "../../packages/functions/src/http/admin-newsletter-issue-delete";
import { handler as sendIssue } from "../../packages/functions/src/http/admin-newsletter-issue-send";
import { handler as resumeIssue } from "../../packages/functions/src/http/admin-newsletter-issue-resume";
import { handler as auditList } from "../../packages/functions/src/http/admin-audit-list";
import { handler as batchSubscriber } from "../../packages/functions/src/events/newsletter-issue-batch";
import { installLocalBus } from "../../scripts/local/bus";
import { adminClaims, asAdmin } from "../support/admin";
import { useOwnTable } from "../support/table-snapshot";

const PATH = "/api/admin/newsletter/issues";
const SITE = "http://localhost:3000";
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

let bus = installLocalBus();
let admin: ReturnType<typeof asAdmin>;
let adminEmail: string;

beforeAll(async () => {
  await useOwnTable("nl-issues");
  const signedIn = await adminClaims();
  adminEmail = signedIn.email;
  admin = asAdmin(signedIn.claims);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  resetSettings();
});

/** Small batches at a rate the outbox takes easily: a few subscribers cover several batches. */
function smallBatches(size = 3) {
  vi.stubEnv("NEWSLETTER_BATCH_SIZE", String(size));
  resetSettings();
}

const tag = () => crypto.randomUUID().slice(0, 8);

/** A stored subscriber as the newsletter's store writes it; confirmed ones `minutes` apart, oldest first. */
function subscriber(email: string, status: Newsletter.Status, confirmedAt: number): Newsletter.Subscriber {
  const consentAt = iso(confirmedAt - HOUR);
  return {
    email,
    emailNormalized: email,
    name: "Reader",
    status,
    consents: [{ source: "scam-report", at: consentAt }],
    createdAt: consentAt,
    source: "scam-report",
    consentAt,
    rev: 1,
    ...(status !== "unconfirmed" ? { confirmedAt: iso(confirmedAt), unsubscribeToken: newToken() } : { expiresAt: Math.floor(Date.now() / 1000) + 86_400 }),
    ...(status === "unsubscribed" ? { unsubscribedAt: iso(confirmedAt + 60_000) } : {}),
  };
}

interface Audience {
  confirmed: Newsletter.Subscriber[];
  others: Newsletter.Subscriber[];
}

/** `n` confirmed subscribers (in confirmation order), two unconfirmed and two unsubscribed, in a table of their own. */
async function seedAudience(n: number): Promise<Audience> {
  await useOwnTable("nl-send");
  const run = tag();
  const base = Date.now() - 10 * 24 * HOUR;
  const confirmed = Array.from({ length: n }, (_, i) => subscriber(`reader-${run}-${String(i).padStart(3, "0")}@example.com`, "confirmed", base + i * 60_000));
  const others = [
    subscriber(`pending-a-${run}@example.com`, "unconfirmed", base),
    subscriber(`pending-b-${run}@example.com`, "unconfirmed", base),
    subscriber(`left-a-${run}@example.com`, "unsubscribed", base + 30_000),
    subscriber(`left-b-${run}@example.com`, "unsubscribed", base + 90_000),
  ];
  await putAll([...confirmed, ...others].flatMap((s) => Newsletter.subscriberItems(s)));
  return { confirmed, others };
}

const outbox = () => listOutbox(settings().OUTBOX_DIR);
const withSubject = async (subject: string) => (await outbox()).filter((m) => m.subject === subject);
const to = (mails: OutboxMessage[], email: string) => mails.filter((m) => m.to.length === 1 && m.to[0] === email);

const draft = async (content: { subject: string; body: string }) => {
  const res = await admin(createIssue, { method: "POST", path: PATH, body: content });
  expect(res.statusCode, JSON.stringify(res.body)).toBe(201);
  return res.body as Issues.Issue;
};
const issue = async (id: string) => (await admin(getIssue, { path: `${PATH}/${id}`, id })).body as Issues.Issue;
const send = (id: string) => admin(sendIssue, { method: "POST", path: `${PATH}/${id}/send`, id, body: {} });
const resume = (id: string) => admin(resumeIssue, { method: "POST", path: `${PATH}/${id}/resume`, id, body: {} });

/** Every confirmed subscriber got exactly one copy, with their own unsubscribe link in both parts and both headers. */
function expectOneEachWithUnsubscribe(mails: OutboxMessage[], confirmed: Newsletter.Subscriber[]) {
  for (const sub of confirmed) {
    const mine = to(mails, sub.email);
    expect(mine, sub.email).toHaveLength(1);
    const token = encodeURIComponent(sub.unsubscribeToken!);
    expect(mine[0].headers).toEqual({
      "List-Unsubscribe": `<${SITE}/api/newsletter/unsubscribe?token=${token}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(mine[0].text).toContain(`${SITE}/newsletter/unsubscribe?token=${token}`);
    expect(mine[0].html).toContain(`href="${SITE}/newsletter/unsubscribe?token=${token}"`);
  }
}

describe("drafts", () => {
  it("creates, reads, changes, lists and deletes a draft", async () => {
    const subject = `Spring scam alert ${tag()}`;
    const created = await draft({ subject: `  ${subject}  `, body: "# Hello\n\nFirst draft." });
    expect(created).toMatchObject({
      subject,
      body: "# Hello\n\nFirst draft.",
      status: "draft",
      createdBy: adminEmail,
      audience: null,
      counts: { recipients: 0, sent: 0, failed: 0 },
    });
    expect(created.id).toMatch(/^[0-9a-z]{21}$/);

    const changed = await admin(updateIssue, {
      method: "PUT",
      path: `${PATH}/${created.id}`,
      id: created.id,
      body: { subject: `${subject} (2)`, body: "Second draft." },
    });
    expect(changed).toMatchObject({ statusCode: 200, body: { id: created.id, subject: `${subject} (2)`, body: "Second draft.", status: "draft" } });
    expect(await issue(created.id)).toMatchObject({ subject: `${subject} (2)`, body: "Second draft." });

    const older = await draft({ subject: `Older ${tag()}`, body: "x" });
    const list = await admin(listIssues, { path: PATH });
    expect(list.statusCode).toBe(200);
    const ids = (list.body as Issues.IssueList).items.map((i) => i.id);
    expect(ids.indexOf(older.id)).toBeLessThan(ids.indexOf(created.id));
    expect((list.body as Issues.IssueList).items.find((i) => i.id === created.id)).not.toHaveProperty("body");
    const firstPage = await admin(listIssues, { path: PATH, query: { limit: 1 } });
    expect(firstPage.body).toMatchObject({ items: [{ id: ids[0] }], next: ids[0] });
    const secondPage = await admin(listIssues, { path: PATH, query: { limit: 1, before: ids[0] } });
    expect(secondPage.body.items[0].id).toBe(ids[1]);

    const removed = await admin(deleteIssue, { method: "DELETE", path: `${PATH}/${older.id}`, id: older.id });
    expect(removed).toMatchObject({ statusCode: 200, body: { id: older.id } });
    expect(await admin(getIssue, { path: `${PATH}/${older.id}`, id: older.id })).toMatchObject({ statusCode: 404, body: { error: "Issue not found" } });
    const audit = (await admin(auditList, { path: "/api/admin/audit" })).body.items as { action: string; target: string; actor: string }[];
    expect(audit.find((e) => e.action === "newsletter.issue_deleted" && e.target.includes(older.id))).toMatchObject({ actor: adminEmail });
  });

  it("refuses bad content and unknown ids with clear errors", async () => {
    const bad = async (body: unknown) => (await admin(createIssue, { method: "POST", path: PATH, body })).body;
    expect(await bad({ subject: "  ", body: "x" })).toEqual({ error: "Please enter a subject", fields: { subject: "Please enter a subject" } });
    expect(await bad({ subject: "a\r\nBcc: x@example.com", body: "x" })).toMatchObject({ error: "The subject must be one line of text" });
    expect(await bad({ subject: "x".repeat(201), body: "x" })).toMatchObject({ error: "The subject must be at most 200 characters" });
    expect(await bad({ subject: "Fine", body: " \n " })).toMatchObject({ error: "Please write the issue's text" });
    expect(await bad({ subject: "Fine", body: 42 })).toMatchObject({ fields: { body: "Please write the issue's text" } });
    expect(await bad(["not", "an", "object"])).toMatchObject({ error: "Please send a subject and a body" });
    // the API's 16 KB body limit comes first in practice; the schema itself holds 100 KB of Markdown
    expect(Issues.IssueContent.safeParse({ subject: "s", body: "é".repeat(51 * 1024) }).error?.issues[0].message).toBe("The text must be at most 100 KB");
    expect(Issues.IssueContent.safeParse({ subject: "s", body: "a".repeat(100 * 1024) }).success).toBe(true);

    for (const id of ["nope", "a".repeat(3000), "0".repeat(21).toUpperCase()]) {
      expect(await admin(getIssue, { path: `${PATH}/${id}`, id })).toMatchObject({ statusCode: 404, body: { error: "Issue not found" } });
      expect((await admin(updateIssue, { method: "PUT", path: `${PATH}/${id}`, id, body: { subject: "s", body: "b" } })).statusCode).toBe(404);
      expect((await send(id)).statusCode).toBe(404);
    }
    expect((await admin(listIssues, { path: PATH, query: { limit: 0 } })).body).toMatchObject({ error: "Limit must be at least 1" });
  });
});

describe("preview and test e-mail", () => {
  const body = [
    "# Scam alert",
    "",
    "Hello <b>owners</b> & <script>alert(1)</script> families.",
    "",
    "Read [the FTC's advice](https://consumer.ftc.gov/timeshares) or [this](javascript:alert(1)).",
    "",
    "- Never pay upfront",
    "- Take your time",
  ].join("\n");

  it("renders Markdown into the e-mail layout, raw HTML as text, only http(s) links, with the unsubscribe footer", async () => {
    const res = await admin(previewIssue, { method: "POST", path: `${PATH}/preview`, body: { subject: "Alert", body } });
    expect(res.statusCode).toBe(200);
    const { subject, html, text } = res.body as Issues.IssuePreview;
    expect(subject).toBe("Alert");
    expect(html).toContain("Timeshare Owners Foundation");
    expect(html).toMatch(/<h1 style="[^"]+">Scam alert<\/h1>/);
    expect(html).toContain("Hello &lt;b&gt;owners&lt;/b&gt; &amp; &lt;script&gt;alert(1)&lt;/script&gt; families.");
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<b>");
    expect(html).toMatch(/<a href="https:\/\/consumer\.ftc\.gov\/timeshares" style="[^"]+">the FTC's advice<\/a>/);
    expect(html).not.toContain('href="javascript:');
    expect(html).toMatch(/<li style="[^"]+">Never pay upfront<\/li>/);
    expect(html).toContain(`${SITE}/newsletter/unsubscribe?token=`);
    expect(text).toContain("Scam alert\n\nHello <b>owners</b> & <script>alert(1)</script> families.");
    expect(text).toContain("the FTC's advice (https://consumer.ftc.gov/timeshares)");
    expect(text).toContain("- Never pay upfront\n- Take your time");
    expect(text).toContain("Unsubscribe: ");
    // nothing saved
    const list = (await admin(listIssues, { path: PATH })).body as Issues.IssueList;
    expect(list.items.some((i) => i.subject === "Alert")).toBe(false);
  });

  it("sends a test to the signed-in administrator with the footer and both headers, audited", async () => {
    const subject = `Test me ${tag()}`;
    const res = await admin(testIssue, { method: "POST", path: `${PATH}/test`, body: { subject, body } });
    expect(res).toMatchObject({ statusCode: 200, body: { email: adminEmail } });
    const mails = await withSubject(`[Test] ${subject}`);
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toEqual([adminEmail]);
    expect(mails[0].headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(mails[0].headers?.["List-Unsubscribe"]).toMatch(/^<http:\/\/localhost:3000\/api\/newsletter\/unsubscribe\?token=.+>$/);
    expect(mails[0].html).toContain("Scam alert");
    expect(mails[0].text).toContain(`You receive this e-mail because ${adminEmail} subscribed to our newsletter.`);
    const audit = (await admin(auditList, { path: "/api/admin/audit" })).body.items as { action: string; target: string; actor: string }[];
    expect(audit.find((e) => e.action === "newsletter.test_sent" && e.target.includes(subject))).toMatchObject({ actor: adminEmail, rows: 1 });
  });
});

describe("sending", () => {
  it("sends to every confirmed subscriber exactly once, in batches, and to no one else", async () => {
    smallBatches(3);
    const { confirmed, others } = await seedAudience(8);
    // confirmed after the send began (a stand-in for one confirming meanwhile): the next issue is theirs
    const late = subscriber(`late-${tag()}@example.com`, "confirmed", Date.now() + HOUR);
    await putAll(Newsletter.subscriberItems(late));

    expect((await admin(audience, { path: `${PATH}/audience` })).body).toEqual({ confirmed: 8 });
    const subject = `Issue one ${tag()}`;
    const created = await draft({ subject, body: "Dear reader,\n\nNews **inside**." });
    const started = await send(created.id);
    expect(started.statusCode).toBe(202);
    expect(started.body).toMatchObject({ jobId: expect.stringMatching(/^[0-9a-z]{21}$/), issue: { id: created.id, status: "sending", startedBy: adminEmail } });
    // a second press while it sends, or after, sends nothing more
    expect(await send(created.id)).toMatchObject({ statusCode: 409, body: { error: "This issue is being sent" } });
    await bus.idle();

    const mails = await withSubject(subject);
    expect(mails).toHaveLength(8);
    expectOneEachWithUnsubscribe(mails, confirmed);
    for (const sub of [...others, late]) expect(to(mails, sub.email), sub.email).toHaveLength(0);
    expect(mails[0].html).toContain("News <strong>inside</strong>.");

    const done = await issue(created.id);
    expect(done).toMatchObject({ status: "sent", audience: 8, counts: { recipients: 8, sent: 8, failed: 0 }, startedBy: adminEmail });
    expect(Date.parse(done.sentAt!)).toBeGreaterThanOrEqual(Date.parse(done.startedAt!));
    const history = (await admin(listIssues, { path: PATH })).body as Issues.IssueList;
    expect(history.items.find((i) => i.id === created.id)).toMatchObject({ status: "sent", counts: { recipients: 8, sent: 8, failed: 0 } });
    expect(await Job.get(started.body.jobId)).toMatchObject({
      status: "done",
      kind: "newsletter.issue",
      progress: { completed: 8, total: 8 },
      result: { recipients: 8, sent: 8, failed: 0 },
    });
    const audit = (await admin(auditList, { path: "/api/admin/audit" })).body.items as { action: string; target: string; rows: number; actor: string }[];
    expect(audit.find((e) => e.action === "newsletter.issue_sent")).toMatchObject({ actor: adminEmail, rows: 8, target: `"${subject}" (${created.id})` });
    expect(audit.find((e) => e.action === "newsletter.issue_send_started")).toMatchObject({ actor: adminEmail });

    expect(await send(created.id)).toMatchObject({ statusCode: 409, body: { error: "This issue has already been sent" } });
    expect(await resume(created.id)).toMatchObject({ statusCode: 409 });
    expect((await admin(updateIssue, { method: "PUT", path: `${PATH}/${created.id}`, id: created.id, body: { subject: "x", body: "y" } })).body).toEqual({
      error: "This issue has been sent and can no longer be changed",
    });
    expect((await admin(deleteIssue, { method: "DELETE", path: `${PATH}/${created.id}`, id: created.id })).statusCode).toBe(409);
    expect(bus.failures).toEqual([]);
  });

  it("keeps to the sending rate, across batches too", async () => {
    vi.stubEnv("NEWSLETTER_BATCH_SIZE", "5");
    // 12 a second, 2 kept for links: 10 for the newsletter
    vi.stubEnv("MAIL_RATE_PER_SECOND", "12");
    resetSettings();
    const { confirmed } = await seedAudience(9);
    const subject = `Paced ${tag()}`;
    const created = await draft({ subject, body: "Paced." });
    expect((await send(created.id)).statusCode).toBe(202);
    await bus.idle();
    const times = (await withSubject(subject)).map((m) => Date.parse(m.at)).sort((a, b) => a - b);
    expect(times).toHaveLength(confirmed.length);
    // 9 e-mails in two batches at 10 a second: 8 gaps of 100 ms between the first and the last (less
    // a margin for when each file was written after its slot); unpaced, a few hundred ms at most
    expect(times.at(-1)! - times[0]).toBeGreaterThanOrEqual(8 * 100 * 0.8);
  });

  it("pauses when an e-mail fails mid-way; each resume continues from there and nobody gets two", async () => {
    smallBatches(3);
    const { confirmed } = await seedAudience(8);
    const subject = `Issue two ${tag()}`;
    const created = await draft({ subject, body: "Second issue." });

    // The mailer refuses the fifth subscriber's copy once (the second batch: 4th, 5th, 6th).
    const victim = confirmed[4].email;
    const real = Mail.send;
    let refused = 0;
    vi.spyOn(Mail, "send").mockImplementation(async (m) => {
      if (m.to[0] === victim && refused++ === 0) throw new Error("Throttling: Maximum sending rate exceeded.");
      return real(m);
    });
    const first = await send(created.id);
    expect(first.statusCode).toBe(202);
    await bus.idle();

    const paused = await issue(created.id);
    expect(paused.status).toBe("paused");
    expect(paused.pausedReason).toContain("Throttling: Maximum sending rate exceeded.");
    expect(paused.counts).toEqual({ recipients: 6, sent: 5, failed: 1 });
    expect(await Job.get(first.body.jobId)).toMatchObject({ status: "failed", error: paused.pausedReason });
    let mails = await withSubject(subject);
    expect(mails.map((m) => m.to[0]).sort()).toEqual(
      confirmed
        .slice(0, 6)
        .filter((s) => s.email !== victim)
        .map((s) => s.email)
        .sort(),
    );

    // A resume while the outbox cannot be written (a real ENOTDIR): paused again, nothing sent twice.
    const root = join(tmpdir(), `nl-issues-${tag()}`);
    mkdirSync(root);
    writeFileSync(join(root, "blocked"), "");
    const outboxDir = settings().OUTBOX_DIR;
    vi.stubEnv("OUTBOX_DIR", join(root, "blocked", "outbox"));
    resetSettings();
    expect((await resume(created.id)).statusCode).toBe(202);
    await bus.idle();
    const pausedAgain = await issue(created.id);
    expect(pausedAgain.status).toBe("paused");
    expect(pausedAgain.pausedReason).toContain("ENOTDIR");
    expect(pausedAgain.counts.sent).toBe(5);

    // The disk is back: the resume sends the rest, the victim's copy included, each once.
    rmSync(join(root, "blocked"));
    vi.stubEnv("OUTBOX_DIR", outboxDir);
    resetSettings();
    const last = await resume(created.id);
    expect(last).toMatchObject({ statusCode: 202, body: { issue: { status: "sending" } } });
    await bus.idle();

    mails = await withSubject(subject);
    expect(mails).toHaveLength(8);
    expectOneEachWithUnsubscribe(mails, confirmed);
    expect(await issue(created.id)).toMatchObject({ status: "sent", counts: { recipients: 8, sent: 8, failed: 0 } });
    expect(await Job.get(last.body.jobId)).toMatchObject({ status: "done" });
    const audit = (await admin(auditList, { path: "/api/admin/audit" })).body.items as { action: string }[];
    expect(audit.filter((e) => e.action === "newsletter.issue_resumed")).toHaveLength(2);
    expect(bus.failures).toEqual([]);
  });

  it("never sends again to a subscriber whose claim a crashed batch left, ignores redelivered batches, and reads a stalled send as paused", async () => {
    smallBatches(4);
    const { confirmed } = await seedAudience(6);
    const subject = `Issue three ${tag()}`;
    const created = await draft({ subject, body: "Third issue." });

    // The first batch's event is held back, as if its Lambda were still starting.
    const held: Bus.Envelope[] = [];
    Bus.deliverLocallyWith((envelope) => held.push(envelope));
    expect((await send(created.id)).statusCode).toBe(202);
    expect(held.map((e) => e["detail-type"])).toEqual(["newsletter.issue_batch"]);
    bus = installLocalBus();

    // An earlier attempt of that batch claimed the second subscriber, then died before recording the outcome.
    expect(await claim(Issues.IssueKeys.deliveryPartition(created.id), confirmed[1].email)).toBe("new");
    // Its first delivery runs; then the same event again (EventBridge delivers at least once).
    await batchSubscriber(held[0]);
    await batchSubscriber(held[0]);
    await bus.idle();

    const mails = await withSubject(subject);
    expect(to(mails, confirmed[1].email)).toHaveLength(0);
    expectOneEachWithUnsubscribe(
      mails,
      confirmed.filter((_, i) => i !== 1),
    );
    expect(mails).toHaveLength(5);
    // unknown whether it went: counted as failed, never retried
    expect(await issue(created.id)).toMatchObject({ status: "sent", counts: { recipients: 6, sent: 5, failed: 1 } });

    // A send nobody moves on past its lease (its batches died) reads as paused and can be resumed.
    const stalled = await draft({ subject: `Issue four ${tag()}`, body: "Fourth." });
    Bus.deliverLocallyWith(() => {});
    expect((await send(stalled.id)).statusCode).toBe(202);
    bus = installLocalBus();
    expect((await issue(stalled.id)).status).toBe("sending");
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: Issues.IssueKeys.issue(stalled.id),
        UpdateExpression: "SET leaseUntil = :past",
        ExpressionAttributeValues: { ":past": Date.now() - 1000 },
      }),
    );
    expect(await issue(stalled.id)).toMatchObject({ status: "paused", pausedReason: Issues.STOPPED_REASON });
    expect((await resume(stalled.id)).statusCode).toBe(202);
    await bus.idle();
    expect(await issue(stalled.id)).toMatchObject({ status: "sent", counts: { recipients: 6, sent: 6, failed: 0 } });
    expect(bus.failures).toEqual([]);
  });
});
