/**
 * A side effect that failed every retry is a dead letter the console's health panel lists; an
 * administrator re-drives it and it happens, once (issue 42). Also what the panel reads beside it:
 * the mail queue and budget, each tab's last sync. And the deployed recorder's reading of the
 * dead-letter queue's three kinds of message.
 */
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { settings } from "@site/core/config";
import { DeadLetters } from "@site/core/dead-letters";
import { Faults } from "@site/core/faults";
import type { HealthReport } from "@site/core/health/info";
import { listOutbox } from "@site/core/mail/outbox";
import { Report } from "@site/core/report";
import { REPORTS_TAB, reportsTab } from "@site/core/report/sheet";
import { fromHeaders } from "@site/core/request/metadata";
import { metaDetails } from "@site/core/request/meta-details";
import { handler as healthGet } from "../../packages/functions/src/http/admin-health-get";
import { handler as redrive } from "../../packages/functions/src/http/admin-dead-letter-redrive";
import { handler as recorder } from "../../packages/functions/src/events/dead-letter-recorder";
import { routeKey, routes } from "../../packages/functions/src/routes";
import { installLocalBus } from "../../scripts/local/bus";
import { badRequestsFor, describeRequest } from "../support/bad-requests";
import { rawRequest, startLocalApi } from "../support/local-api";
import { diff, snapshot } from "../support/table-snapshot";
import { signIn } from "../support/tokens";
import { adminClaims, asAdmin } from "../support/admin";
import { useOwnTable } from "../support/own-table";
import { minimalReport } from "../support/reports";

// two attempts, then the delivery gives up
const bus = installLocalBus({ retryDelaysMs: [20] });
let admin: ReturnType<typeof asAdmin>;

beforeAll(async () => {
  await useOwnTable("dead-letters");
  admin = asAdmin((await adminClaims()).claims);
});
afterEach(() => Faults.useFaults(undefined));
afterAll(() => bus.idle());

const health = async () => {
  const res = await admin(healthGet, { path: "/api/admin/health" });
  expect(res.statusCode).toBe(200);
  return res.body as HealthReport;
};
const confirmations = async (email: string, reference: string) =>
  (await listOutbox(settings().OUTBOX_DIR)).filter((m) => m.to.includes(email.toLowerCase()) && m.subject.includes(reference));

describe("a delivery that failed every retry", () => {
  it("waits in the health panel, and is re-driven once: the reporter's confirmation is sent then, and only then", async () => {
    Faults.useFaults(Faults.parseFaults("bus:delivery-fails@1*2~report-confirmation"));
    const input = minimalReport(`dead-${Date.now()}`, { wantUpdates: true });
    const meta = metaDetails(fromHeaders({ "user-agent": "Mozilla/5.0 Chrome/126.0" }, "198.51.100.91"));
    const report = await Report.submit({ submission: Report.ReportInput.parse(input), client: "198.51.100.91", meta });
    await bus.idle();
    expect(await confirmations(input.reporter.email, report.reference)).toEqual([]);

    const before = await health();
    const letter = before.deadLetters.items.find((l) => l.target === "report-confirmation");
    expect(letter).toMatchObject({ source: "subscriber", detailType: "report.created", state: "waiting", error: expect.stringContaining("injected fault") });
    expect(before.deadLetters.waiting).toBeGreaterThanOrEqual(1);

    const res = await admin(redrive, { method: "POST", id: letter!.id });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatchObject({ id: letter!.id, state: "redriven", redrivenBy: expect.stringContaining("@example.org") });
    await bus.idle();
    // the failed subscriber ran; the others (admin notice, newsletter, case proposal) skipped their finished effects
    expect(await confirmations(input.reporter.email, report.reference)).toHaveLength(1);
    expect((await listOutbox(settings().OUTBOX_DIR)).filter((m) => m.to.includes("admins@example.org") && m.subject.includes(report.reference))).toHaveLength(
      1,
    );
    expect((await health()).deadLetters.items.find((l) => l.id === letter!.id)).toMatchObject({ state: "redriven" });

    const again = await admin(redrive, { method: "POST", id: letter!.id });
    expect(again).toMatchObject({ statusCode: 409, body: { error: "This side effect was re-driven already" } });
    expect((await admin(redrive, { method: "POST", id: "0".repeat(21) })).statusCode).toBe(404);
  });

  it("of a stream batch is listed, and not re-driven from the panel", async () => {
    const letter = await DeadLetters.record({ source: "stream", target: "signature-effects", error: "100 records: timed out" });
    expect((await health()).deadLetters.items.find((l) => l.id === letter.id)).toMatchObject({ source: "stream", state: "waiting" });
    expect(await admin(redrive, { method: "POST", id: letter.id })).toMatchObject({
      statusCode: 409,
      body: { error: expect.stringContaining("re-run by hand") },
    });
  });
});

describe("the rest of the panel", () => {
  it("shows each tab's last sync, failed or not, and today's mail against the quota", async () => {
    Faults.useFaults(Faults.parseFaults("sheets:500@1*1"));
    await expect(reportsTab.now(10_000)).rejects.toThrow(/500/);
    expect((await health()).sheets.find((t) => t.tab === REPORTS_TAB)).toMatchObject({ status: "failed", error: expect.stringContaining("500") });
    await reportsTab.now(10_000);
    const report = await health();
    expect(report.sheets.find((t) => t.tab === REPORTS_TAB)).toMatchObject({ status: "succeeded", rows: expect.any(Number) });
    expect(report.mailBudget).toMatchObject({ dailyQuota: settings().MAIL_DAILY_QUOTA, perSecond: settings().MAIL_RATE_PER_SECOND });
    expect(report.mailBudget.sentToday).toBeGreaterThan(0);
    expect(report.mailQueue).toEqual({ queued: expect.any(Number), seconds: expect.any(Number) });
  });
});

describe("the dead-letter queue's recorder (deployed)", () => {
  const envelope = (id: string) => ({
    version: "0",
    id: "eb-1",
    source: "timeshare.site",
    "detail-type": "lead.created",
    detail: { metadata: { id }, properties: { leadId: "l1" } },
  });

  it("records Lambda's on-failure message, a rule target's dead letter and a stream batch's, and leaves an unreadable one to a retry", async () => {
    const { EVENT_SOURCE } = await import("@site/core/bus/source");
    const ev = { ...envelope("evt-a"), source: EVENT_SOURCE };
    const records = [
      {
        messageId: "m1",
        body: JSON.stringify({
          requestContext: { functionArn: "arn:aws:lambda:us-east-1:1:function:prod-site-LeadGuideEmail:$LATEST", condition: "RetriesExhausted" },
          requestPayload: ev,
          responsePayload: { errorMessage: "SES throttled" },
        }),
        messageAttributes: {},
      },
      {
        messageId: "m2",
        body: JSON.stringify({ ...ev, detail: { metadata: { id: "evt-b" }, properties: { leadId: "l2" } } }),
        messageAttributes: {
          ERROR_CODE: { stringValue: "ThrottlingException" },
          TARGET_ARN: { stringValue: "arn:aws:lambda:us-east-1:1:function:prod-site-LeadNotify" },
        },
      },
      {
        messageId: "m3",
        body: JSON.stringify({
          requestContext: { functionArn: "arn:aws:lambda:us-east-1:1:function:prod-site-StreamSignatureEffects", condition: "RetryAttemptsExhausted" },
          DDBStreamBatchInfo: { batchSize: 100 },
        }),
        messageAttributes: {},
      },
    ];
    const res = await recorder({ Records: records } as never);
    expect(res.batchItemFailures).toEqual([]);
    const items = (await DeadLetters.list()).items;
    expect(items.find((l) => l.eventId === "evt-a")).toMatchObject({ target: "prod-site-LeadGuideEmail", detailType: "lead.created", error: "SES throttled" });
    expect(items.find((l) => l.eventId === "evt-b")).toMatchObject({ target: "prod-site-LeadNotify", error: "ThrottlingException" });
    expect(items.find((l) => l.target === "prod-site-StreamSignatureEffects")).toMatchObject({
      source: "stream",
      error: expect.stringContaining("100 records"),
    });
  });
});

describe("the health routes under the bad-input harness (as an administrator, over HTTP)", () => {
  const healthRoutes = routes.filter((r) => r.access === "admin" && r.path.startsWith("/api/admin/health"));

  it("covers both routes of the table", () =>
    expect(healthRoutes.map(routeKey).sort()).toEqual(["GET /api/admin/health", "POST /api/admin/health/dead-letters/{id}/redrive"]));

  it.each(healthRoutes.map((r) => [routeKey(r), r] as const))("%s answers every generated bad request below 500 and changes nothing", async (_, route) => {
    const e = inject("emulators");
    const token = (await signIn({ endpoint: e.cognito, userPoolId: e.userPoolId, clientId: e.clientId }, `bad-input-health-${Date.now()}@example.org`, true))
      .accessToken;
    const api = await startLocalApi();
    try {
      const letter = await DeadLetters.record({ source: "stream", target: "bad-input", error: "a stream batch: never re-driven from the panel" });
      const requests = badRequestsFor(route, { seed: 4_2042, perRoute: () => 100, bodies: {}, param: () => letter.id });
      const before = await snapshot();
      const answers = await Promise.all(
        requests.map((r) =>
          rawRequest(api.port, { method: r.method, path: r.path, headers: { authorization: `Bearer ${token}`, ...r.headers }, body: r.body }),
        ),
      );
      const failed = answers.map((res, i) => [res.status, describeRequest(requests[i])] as const).filter(([status]) => status >= 500);
      expect(failed).toEqual([]);
      // the letter is a stream batch's, which the panel never re-drives: nothing may change
      expect(diff(before, await snapshot()).filter((c) => c.kind !== "audit")).toEqual([]);
    } finally {
      await api.close();
    }
  });
});
