import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { ScanCommand } from "@aws-sdk/lib-dynamodb";
import { db, table } from "../../packages/core/src/db/client";
import { LEAD_FORM_INFO } from "../../packages/core/src/lead/forms";
import { REPORTS_TAB } from "../../packages/core/src/report/sheet";
import { fileFor } from "../../packages/core/src/sheets/local";
import type { Accepted } from "../bench-faults";

/**
 * The fault benchmark's upload, drain and checks (scripts/bench-faults.ts): what the table, the
 * bucket's files, the outbox and the sheets files hold once the stack is quiet.
 */

type Post = (path: string, body: unknown) => Promise<{ status: number; body: string }>;
type Mail = { to: string[]; subject: string; text: string };

/** A real (tiny) PDF: its first bytes are what the evidence check sniffs. */
const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n",
);

/** The evidence upload as the wizard makes it: a presigned POST from the API, then the file to the bucket. Answers its id. */
async function upload(post: Post, fileName: string): Promise<string | undefined> {
  const res = await post("/api/reports/uploads", { purpose: "details", fileName, size: PDF.length });
  if (res.status !== 200) return undefined;
  const presigned = JSON.parse(res.body) as { url: string; fields: Record<string, string>; uploadId: string };
  const form = new FormData();
  for (const [name, value] of Object.entries(presigned.fields)) form.append(name, value);
  form.append("file", new Blob([new Uint8Array(PDF)], { type: presigned.fields["Content-Type"] }), fileName);
  const sent = await fetch(presigned.url, { method: "POST", body: form });
  return sent.status === 204 ? presigned.uploadId : undefined;
}

const reportBody = (email: string, details: { uploadId: string; fileName: string }, client: unknown) => ({
  reporter: { fullName: "Rae Reporter", email, city: "Orlando", state: "FL" },
  scamTypes: [{ type: "other", description: "They asked for a transfer fee." }],
  contactMethods: [{ method: "in_person", location: "Orlando", eventType: "Owner update" }],
  dateOccurred: "2025-03-07",
  scammer: { company: "Faulty Resale LLC" },
  evidence: { details },
  wantUpdates: true,
  client,
});

function mails(outboxDir: string): Mail[] {
  if (!existsSync(outboxDir)) return [];
  return readdirSync(outboxDir)
    .filter((f) => f.endsWith(".json"))
    .map((f) => JSON.parse(readFileSync(join(outboxDir, f), "utf8")) as Mail);
}

/** The table's items, and how many are outbox items (events committed, not yet acknowledged by the bus). */
async function tableCounts(): Promise<{ items: number; outbox: number }> {
  const all = await allItems();
  return { items: all.length, outbox: all.filter((i) => i.type === "outbox").length };
}

/**
 * Waits until nothing changes for QUIET_MS (the outbox's e-mails, the table's items) and no event
 * waits in the table's outbox: longer than the local bus's longest retry wait (10 s), so a delivery
 * waiting to retry is not taken for quiet; and a publish refused by an injected fault is published
 * by the outbox sweep (every minute) before the checks.
 */
const QUIET_MS = 15_000;
async function drain(outboxDir: string, capMs = 600_000): Promise<void> {
  const started = Date.now();
  let last = "";
  let since = Date.now();
  while (Date.now() - started < capMs) {
    const counts = await tableCounts();
    const now = `${mails(outboxDir).length}/${counts.items}`;
    if (now !== last) {
      last = now;
      since = Date.now();
    } else if (Date.now() - since >= QUIET_MS && counts.outbox === 0) return;
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`the stack did not go quiet within ${capMs / 1000} s`);
}

const tokenIn = (text: string, path: string) => {
  const m = new RegExp(`${path.replace(/[/?]/g, "\\$&")}\\?token=([^\\s&"<>]+)`).exec(text);
  return m ? decodeURIComponent(m[1]) : undefined;
};

/** Confirms every newsletter subscription the load asked for, through the e-mailed link's token. */
async function confirmNewsletters(outboxDir: string, domain: string, confirm: (token: string, i: number) => Promise<{ status: number }>) {
  const asked = mails(outboxDir).filter((m) => m.subject === "Please confirm your newsletter subscription" && m.to.some((a) => a.endsWith(`@${domain}`)));
  const tokens = new Map<string, string>();
  for (const m of asked) {
    const token = tokenIn(m.text, "/newsletter/confirmed");
    if (token && !tokens.has(m.to[0])) tokens.set(m.to[0], token);
  }
  const confirmed: string[] = [];
  let i = 0;
  for (const [email, token] of tokens) if ((await confirm(token, i++)).status < 300) confirmed.push(email);
  return { sent: tokens.size, confirmed };
}

/** One person's erasure, as /data-deletion-request and the e-mailed /my-data link make it. */
async function eraseOne(outboxDir: string, email: string | undefined, post: (path: string, body: unknown, i: number) => Promise<{ status: number }>) {
  if (!email) return undefined;
  if ((await post("/api/privacy/requests", { email }, 0)).status >= 300) return { email, erased: false };
  for (let waited = 0; waited < 30_000; waited += 500) {
    const link = mails(outboxDir).find((m) => m.to.includes(email) && m.subject === "Your data deletion request");
    const token = link && tokenIn(link.text, "/my-data");
    if (token) return { email, erased: (await post("/api/privacy/erase", { token }, 1)).status < 300 };
    await new Promise((r) => setTimeout(r, 500));
  }
  return { email, erased: false };
}

async function allItems(): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const res = await db().send(new ScanCommand({ TableName: table(), ExclusiveStartKey }));
    items.push(...(res.Items ?? []));
    ExclusiveStartKey = res.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

interface VerifyInput {
  accepted: Accepted;
  confirmations: { sent: number; confirmed: string[] };
  erasure: { email: string; erased: boolean } | undefined;
  outboxDir: string;
  sheetsDir: string;
  bucketDir: string;
  domain: string;
  defaultPetitionId: string;
  verifyingPetitionId: string;
  waitingDeadLetters: number;
  Petition: { counts(id: string, consistent?: boolean): Promise<{ count: number; pending: number }> };
  Report: unknown;
}

async function verify(v: VerifyInput) {
  const items = await allItems();
  const of = (type: string) => items.filter((i) => i.type === type);
  const sent = mails(v.outboxDir).filter((m) => m.to.some((a) => a.endsWith(`@${v.domain}`)));
  const mailTo = (email: string, subject: string) => sent.filter((m) => m.to.includes(email) && m.subject === subject).length;
  const erased = v.erasure?.erased ? v.erasure.email : undefined;
  const countBy = (list: Record<string, unknown>[], key: (i: Record<string, unknown>) => string) => {
    const n = new Map<string, number>();
    for (const i of list) n.set(key(i), (n.get(key(i)) ?? 0) + 1);
    return n;
  };
  const signatures = of("signature");
  const reports = of("report");
  const leads = of("lead");
  const sigsBy = countBy(signatures, (s) => `${String(s.petitionId)}#${String(s.email)}`);
  const reportsBy = countBy(reports, (r) => String((r.reporter as { email?: string } | undefined)?.email).toLowerCase());
  const leadsBy = countBy(leads, (l) => String(l.email).toLowerCase());
  const bucketFiles = filesUnder(v.bucketDir);
  const reportsCsv = existsSync(fileFor(v.sheetsDir, REPORTS_TAB)) ? readFileSync(fileFor(v.sheetsDir, REPORTS_TAB), "utf8") : "";

  const lostSignatures = v.accepted.signatures.filter((s) => !signatures.some((i) => i.id === s.id && i.petitionId === s.petitionId)).length;
  const lostReports = v.accepted.reports.filter((r) => !reports.some((i) => i.id === r.reportId)).length;
  const lostEvidence = v.accepted.reports.filter(
    (r) => !bucketFiles.some((f) => f.includes(`reports/${r.reportId}/`) || f.includes(`reports%2F${r.reportId}%2F`)),
  ).length;
  const lostLeads = v.accepted.leads.filter((l) => l.email !== erased && !leads.some((i) => i.id === l.id)).length;
  const stored = (petitionId: string, status: string) => signatures.filter((s) => s.petitionId === petitionId && s.status === status).length;
  const defaultCounts = await v.Petition.counts(v.defaultPetitionId, true);
  const verifyingCounts = await v.Petition.counts(v.verifyingPetitionId, true);
  const countsOff =
    Math.abs(defaultCounts.count - stored(v.defaultPetitionId, "unverified")) + Math.abs(verifyingCounts.pending - stored(v.verifyingPetitionId, "pending"));

  const duplicated = [
    ...sigsBy.values(),
    ...[...reportsBy].filter(([e]) => e.endsWith(`@${v.domain}`)).map(([, n]) => n),
    ...[...leadsBy].filter(([e]) => e.endsWith(`@${v.domain}`)).map(([, n]) => n),
  ]
    .filter((n) => n > 1)
    .reduce((sum, n) => sum + n - 1, 0);

  const guide = LEAD_FORM_INFO.checklist.documentTitle;
  const missing = {
    "reporters' confirmations missing": v.accepted.reports.filter((r) => mailTo(r.email, `Your scam report ${r.reference}`) === 0).length,
    "guide e-mails missing": v.accepted.leads.filter((l) => mailTo(l.email, guide) === 0).length,
    "signature confirmation links missing": v.accepted.signatures.filter((s) => s.pending && mailTo(s.email, "Please confirm your signature") === 0).length,
    "newsletter welcomes missing": v.confirmations.confirmed.filter((e) => mailTo(e, "Welcome to our newsletter") === 0).length,
    "erasure confirmation missing": erased && mailTo(erased, "Your data has been erased") === 0 ? 1 : 0,
    "reports missing from their sheet tab": v.accepted.reports.filter((r) => !reportsCsv.includes(r.reference)).length,
    "dead letters waiting": v.waitingDeadLetters,
  };
  const pairs = countBy(
    sent.map((m) => ({ key: `${m.to.join(",")}#${m.subject}` })),
    (m) => String(m.key),
  );
  const sentTwice = [...pairs.values()].filter((n) => n > 1).reduce((sum, n) => sum + n - 1, 0);
  for (const [key, n] of [...pairs].filter(([, n]) => n > 1).slice(0, 5)) console.log(`  sent ${n} times: ${key}`);

  const details: [string, number][] = [
    ["signatures accepted", v.accepted.signatures.length],
    ["reports accepted (each with a PDF)", v.accepted.reports.length],
    ["guide requests accepted", v.accepted.leads.length],
    ["newsletter confirmations", v.confirmations.confirmed.length],
    ["erasures", erased ? 1 : 0],
    ["signatures lost", lostSignatures],
    ["reports lost", lostReports],
    ["evidence files lost", lostEvidence],
    ["guide requests lost", lostLeads],
    ["counts off (petition counters against stored signatures)", countsOff],
    ["records duplicated", duplicated],
    ...Object.entries(missing),
    ["e-mails sent twice (same visitor, same subject)", sentTwice],
  ];
  return {
    lost: lostSignatures + lostReports + lostEvidence + lostLeads + countsOff,
    duplicated,
    sideEffectsLost: Object.values(missing).reduce((a, b) => a + b, 0),
    sentTwice,
    details,
  };
}

export const checks = { upload, reportBody, drain, confirmNewsletters, eraseOne, verify };
