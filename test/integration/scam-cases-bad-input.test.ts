/**
 * The case and scam-alert routes (admin) under the bad-input harness's generated requests (test/support/
 * bad-requests.ts), sent over HTTP through the local server by a signed-in administrator so they
 * reach the handlers, each route against cases, a proposal and an alert of its own: not one answer of
 * 500 or more; only the route's own kinds of items written; a body that is not well-formed never taken.
 * A case or alert route added to the table is covered without touching this file (declare its writes below).
 *
 * Deterministic: BAD_INPUT_SEED=<n> replays (or varies) the run.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { Alerts } from "@site/core/alerts";
import { Bus } from "@site/core/bus";
import { Cases } from "@site/core/cases";
import { Report } from "@site/core/report";
import { fromHeaders } from "@site/core/request/metadata";
import { metaDetails } from "@site/core/request/meta-details";
import { routes, routeKey } from "../../packages/functions/src/routes";
import { runPool } from "../../scripts/bench/report";
import { badRequestsFor, describeRequest, type BadRequest, type BodyModel } from "../support/bad-requests";
import { rawRequest, startLocalApi, type RawResponse } from "../support/local-api";
import { minimalReport } from "../support/reports";
import { describeChanges, diff, snapshot, useOwnTable } from "../support/table-snapshot";
import { signIn } from "../support/tokens";

const SEED = Number(process.env.BAD_INPUT_SEED ?? 6_2024);
const run = randomUUID().slice(0, 8);
/** The cases room's routes (handlers admin-case-*) and the alerts room's (admin-scam-alert-*: publishing a case, an alert's change, the lists). */
const caseRoutes = routes.filter((r) => r.access === "admin" && /\/http\/admin-(case|scam-alert)-/.test(r.handler));

const headWrites = ["scamCase", "caseIndex", "caseEvent", "audit"];
/** What the moves of reports write: the member items and the report items' case. */
const moves = ["caseMember", "report"];
/** What each route may write (GET routes nothing); `removed` only where it may delete. */
const caseWrites: Record<string, { writes: string[]; removes?: string[] }> = {
  "PATCH /api/admin/cases/{id}": { writes: [...headWrites, "outbox"] },
  // a note is a timeline entry alone (and its audit entry)
  "POST /api/admin/cases/{id}/notes": { writes: ["caseEvent", "audit"] },
  "POST /api/admin/cases/{id}/merge": { writes: [...headWrites, ...moves], removes: ["caseMember"] },
  "POST /api/admin/cases/{id}/split": { writes: [...headWrites, ...moves, "caseCount"], removes: ["caseMember"] },
  "POST /api/admin/case-proposals/{id}/confirm": { writes: [...headWrites, ...moves, "caseCount", "caseProposal"], removes: ["caseProposal"] },
  "POST /api/admin/case-proposals/{id}/dismiss": { writes: ["report", "audit", "caseProposal"], removes: ["caseProposal"] },
  // the case pack's route (core/case-pack) starts a job
  "POST /api/admin/cases/{id}/pack": { writes: ["job", "outbox", "audit"] },
  // the alert, its case's link to it and its identifiers; the case knows its alert (core/alerts)
  "POST /api/admin/cases/{id}/alert": { writes: ["scamAlert", "scamAlertOfCase", "scamAlertIdentifier", ...headWrites] },
  // a new set of identifiers replaces the old one
  "PATCH /api/admin/scam-alerts/{slug}": { writes: ["scamAlert", "scamAlertIdentifier", "audit"], removes: ["scamAlertIdentifier"] },
};

let api: Awaited<ReturnType<typeof startLocalApi>>;
let token: string;
let clients = 0;

beforeAll(async () => {
  await useOwnTable("scam-cases-bad-input");
  // events are not under test here: the handlers publish into this stand-in
  Bus.deliverLocallyWith(() => {});
  const e = inject("emulators");
  token = (await signIn({ endpoint: e.cognito, userPoolId: e.userPoolId, clientId: e.clientId }, `bad-input-cases-${run}@example.org`, true)).accessToken;
  api = await startLocalApi();
});

afterAll(() => api?.close());

/** Two stored reports naming one company, placed as one proposal (the subscriber's work, called here). */
async function proposalOf(company: string) {
  const meta = metaDetails(fromHeaders({ "user-agent": "Mozilla/5.0 Chrome/126.0" }, "198.51.100.70"));
  const made = [];
  for (const n of [1, 2]) {
    const input = minimalReport(`${run}-${clients}-${n}`, { scammer: { company } });
    made.push((await Report.create({ submission: Report.ReportInput.parse(input), client: `198.51.100.${++clients % 250}`, meta })).report);
  }
  const proposal = await Cases.propose(made[1].id);
  if (!proposal) throw new Error("the fixture's reports were not proposed");
  return { proposal, reports: made };
}

/** A case of two reports, another to merge into it, and a proposal waiting. */
async function fixture(tag: string) {
  const a = await proposalOf(`Bad Input ${tag} A LLC`);
  const b = await proposalOf(`Bad Input ${tag} B LLC`);
  const waiting = await proposalOf(`Bad Input ${tag} C LLC`);
  const published = await proposalOf(`Bad Input ${tag} D LLC`);
  const { caseId } = await Cases.confirm(a.proposal.id, "fixture@example.org");
  const other = await Cases.confirm(b.proposal.id, "fixture@example.org");
  const alerted = await Cases.confirm(published.proposal.id, "fixture@example.org");
  const alert = await Alerts.publish({
    caseId: alerted.caseId,
    title: `Bad Input ${tag} D`,
    summary: "Owners were asked for an upfront fee.",
    identifiers: [{ type: "company", shown: `Bad Input ${tag} D LLC` }],
    members: await Cases.members(alerted.caseId),
    by: "fixture@example.org",
  });
  await Cases.setAlert(alerted.caseId, alert.slug, "fixture@example.org");
  return { caseId, otherCaseId: other.caseId, splitOut: a.reports[1].id, proposalId: waiting.proposal.id, slug: alert.slug };
}

interface Sent {
  r: BadRequest;
  res?: RawResponse;
  error?: string;
}

async function sendAll(requests: BadRequest[]): Promise<Sent[]> {
  const results: Sent[] = [];
  await runPool(requests.length, 10, async (i) => {
    const r = requests[i];
    try {
      results.push({
        r,
        res: await rawRequest(api.port, { method: r.method, path: r.path, headers: { authorization: `Bearer ${token}`, ...r.headers }, body: r.body }),
      });
    } catch (err) {
      results.push({ r, error: String(err) });
    }
  });
  return results;
}

const report = (lines: string[]) => `seed ${SEED} (replay with BAD_INPUT_SEED=${SEED}); ${lines.length} failing, the first:\n${lines.slice(0, 15).join("\n")}`;

describe("case and alert routes (as an administrator)", () => {
  it("covers every case and alert route of the table", () => {
    const declared = new Set([...Object.keys(caseWrites), ...caseRoutes.filter((r) => r.method === "GET").map(routeKey)]);
    expect(caseRoutes.map(routeKey).filter((k) => !declared.has(k))).toEqual([]);
    expect(caseRoutes.length).toBeGreaterThanOrEqual(14);
  });

  it.each(caseRoutes.map((r) => [routeKey(r), r] as const))(
    "%s answers every generated bad request below 500 and writes only what it may",
    async (key, route) => {
      const f = await fixture(key.replace(/\W+/g, " ").trim().slice(0, 40));
      const bodies: Record<string, BodyModel> = {
        "PATCH /api/admin/cases/{id}": {
          valid: (n) => ({ status: "investigating", assignee: `admin-${n}@example.org`, title: `Exit Pros ${n}` }),
          strings: ["status", "assignee", "title"],
          others: [],
          required: [],
        },
        "POST /api/admin/cases/{id}/notes": { valid: (n) => ({ text: `Called the AG (${n}).` }), strings: ["text"], others: [], required: ["text"] },
        "POST /api/admin/cases/{id}/merge": { valid: () => ({ caseId: f.otherCaseId }), strings: ["caseId"], others: [], required: ["caseId"] },
        "POST /api/admin/cases/{id}/split": { valid: () => ({ reportIds: [f.splitOut] }), strings: [], others: ["reportIds"], required: ["reportIds"] },
        "POST /api/admin/cases/{id}/alert": {
          valid: (n) => ({
            title: `Exit Pros ${n}`,
            summary: "Owners were asked for an upfront fee.",
            identifiers: [{ type: "phone", shown: "(407) 555-0199" }],
          }),
          strings: ["title", "summary"],
          others: ["identifiers"],
          required: ["title", "summary", "identifiers"],
        },
        "PATCH /api/admin/scam-alerts/{slug}": {
          valid: (n) => ({ title: `Exit Pros ${n}`, identifiers: [{ type: "website", shown: `exitpros-${n}.example` }], published: n % 2 === 0 }),
          strings: ["title", "summary"],
          others: ["identifiers", "published"],
          required: [],
        },
      };
      const requests = badRequestsFor(route, {
        seed: SEED,
        perRoute: () => (bodies[key] ? 200 : 100),
        bodies,
        param: (r) => (r.path.startsWith("/api/admin/case-proposals") ? f.proposalId : r.path.startsWith("/api/admin/scam-alerts") ? f.slug : f.caseId),
      });
      const before = await snapshot();
      const results = await sendAll(requests);
      const after = await snapshot();

      const failed = results
        .filter((x) => x.error || x.res!.status >= 500)
        .map((x) => `${x.error ?? `${x.res!.status} ${x.res!.body.slice(0, 200)}`} ← ${describeRequest(x.r)}`);
      expect(failed.length, report(failed)).toBe(0);

      // a request with another method reaches the route of that method at the same path
      const samePath = caseRoutes.filter((r) => r.path === route.path);
      const allowed = samePath.flatMap((r) => caseWrites[routeKey(r)]?.writes ?? []);
      const removable = samePath.flatMap((r) => caseWrites[routeKey(r)]?.removes ?? []);
      const disallowed = diff(before, after).filter((c) => !allowed.includes(c.kind) || (c.change === "removed" && !removable.includes(c.kind)));
      expect(disallowed.length, `seed ${SEED}: ${key} may write ${JSON.stringify(allowed)} only:\n${describeChanges(disallowed).slice(0, 3000)}`).toBe(0);

      if (bodies[key]) {
        const taken = results
          .filter((x) => !x.r.mayWrite && x.r.method === route.method && x.res!.status < 300)
          .map((x) => `${x.res!.status} ← ${describeRequest(x.r)}`);
        expect(taken.length, report(taken)).toBe(0);
        const target = route.path.startsWith("/api/admin/scam-alerts") ? f.slug : f.caseId;
        const refused = results.filter((x) => x.res!.status === 400 && x.r.method === route.method && x.r.path === route.path.replace(/\{\w+\}/g, target));
        expect(refused.length).toBeGreaterThan(20);
        for (const x of refused) expect(typeof (JSON.parse(x.res!.body) as { error?: unknown }).error, describeRequest(x.r)).toBe("string");
      }
    },
  );
});
