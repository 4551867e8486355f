import { Audit, type Entry } from "../audit";
import { errorAttributes, log } from "../log";
import type { LeadForm } from "../lead/forms";
import type { RetentionCounts } from "../policy/personal-record";
import { SIGNATURE_RETENTION_YEARS, SUBMISSION_RETENTION_YEARS, cutoff } from "../policy/retention";
import { Sheets } from "../sheets";
import { KINDS, sheetTab } from "./kinds";

export type { RetentionCounts } from "../policy/personal-record";

/**
 * The daily retention job, one run at `now`: each kind of personal record does its own
 * part (its descriptor's `retention.run`, privacy/kinds.ts; every limit from policy/retention.ts):
 * guide submissions and scam reports past SUBMISSION_RETENTION_YEARS are deleted, signatures past
 * SIGNATURE_RETENTION_YEARS anonymised (the count stays exact), unconfirmed subscribers past their
 * TTL removed with their tokens. Raw analytics hits, rate-limit windows, tokens and the other
 * short-lived items go by TTL alone.
 *
 * Each run is audited once (`privacy.retention_ran`) with its counts. A second run finds nothing
 * left to do. Afterwards the spreadsheet tabs that held changed rows are rewritten.
 */

export interface RetentionResult extends RetentionCounts {
  /** ISO UTC: submissions (and reports) made before this were deleted */
  submissionsBefore: string;
  /** ISO UTC: signatures made before this were anonymised */
  signaturesBefore: string;
  /** guide submissions deleted per form */
  leadsByForm: Record<LeadForm, number>;
  /** what the registered kinds (defineKind) deleted, by their names for several */
  registered: Record<string, number>;
  /** false when the time budget ran out first: the next run continues */
  complete: boolean;
  /** the spreadsheet tabs rewritten, or why none were */
  sheets: { synced: string[]; failed: string[]; skipped?: string };
  /** the run's audit entry */
  audit: Entry;
}

export interface RetentionOptions {
  /** Stop starting new work this long after the run began (a Lambda's timeout); unlimited by default. */
  budgetMs?: number;
  /** Rewrite the spreadsheet tabs whose rows changed (default true; Sheets.notConfigured() decides). */
  syncSheets?: boolean;
}

/** The run's stop-watch: once over budget, no kind starts a new chunk or group. */
function budget(ms = Number.POSITIVE_INFINITY) {
  const until = Date.now() + ms;
  let ran = false;
  return {
    over: () => (ran ||= Date.now() > until),
    get ranOut() {
      return ran;
    },
  };
}

const NO_COUNTS: RetentionCounts = {
  leadsDeleted: 0,
  reportsDeleted: 0,
  evidenceFilesDeleted: 0,
  signaturesAnonymised: 0,
  unconfirmedSignaturesDeleted: 0,
  subscribersRemoved: 0,
  confirmationTokensDeleted: 0,
};

/** The audit entry's target: what the run did, in a line. */
export function describeRun(
  r: RetentionCounts & { submissionsBefore: string; signaturesBefore: string; complete: boolean; registered?: Record<string, number> },
): string {
  const day = (iso: string) => iso.slice(0, 10);
  return (
    `deleted ${r.leadsDeleted} guide submission(s) and ${r.reportsDeleted} scam report(s) (${r.evidenceFilesDeleted} evidence file(s)) made before ${day(r.submissionsBefore)}; ` +
    `anonymised ${r.signaturesAnonymised} signature(s) made before ${day(r.signaturesBefore)}; ` +
    `deleted ${r.unconfirmedSignaturesDeleted} signature(s) never confirmed; ` +
    `removed ${r.subscribersRemoved} expired unconfirmed subscriber(s) (${r.confirmationTokensDeleted} token(s)); ` +
    Object.entries(r.registered ?? {})
      .map(([many, n]) => `${many}: ${n} deleted; `)
      .join("") +
    `analytics events and rate-limit windows expire by TTL` +
    (r.complete ? "" : " (time budget reached: the next run continues)")
  );
}

/** Rewrites the tabs whose rows changed; a failed tab is logged and named (the records are already done). */
async function syncChangedTabs(ids: string[]): Promise<RetentionResult["sheets"]> {
  if (!ids.length) return { synced: [], failed: [] };
  const missing = Sheets.notConfigured();
  if (missing) return { synced: [], failed: [], skipped: missing };
  const outcomes = await Promise.allSettled(ids.map((id) => sheetTab(id)?.syncSoon()));
  outcomes.forEach((o, i) => {
    if (o.status === "rejected") log.error("spreadsheet sync after retention failed", { tab: ids[i], ...errorAttributes(o.reason) });
  });
  return { synced: ids.filter((_, i) => outcomes[i].status === "fulfilled"), failed: ids.filter((_, i) => outcomes[i].status === "rejected") };
}

/**
 * One retention run at `now`: every kind deletes or anonymises what is past its time, the counts are
 * audited once, then the spreadsheet tabs that held changed rows are rewritten.
 */
export async function runRetention(now: Date = new Date(), options: RetentionOptions = {}): Promise<RetentionResult> {
  const time = budget(options.budgetMs);
  const counts = { ...NO_COUNTS };
  const registered: Record<string, number> = {};
  const tabs: string[] = [];
  let detail: Record<string, unknown> = {};
  for (const kind of KINDS) {
    if (!kind.retention.run) continue;
    const step = await kind.retention.run(now, time);
    for (const [name, n] of Object.entries(step.counts) as [keyof RetentionCounts, number][]) counts[name] += n;
    for (const [many, n] of Object.entries(step.removed ?? {})) registered[many] = (registered[many] ?? 0) + n;
    tabs.push(...step.tabs);
    detail = { ...detail, ...step.detail };
  }

  const submissionsBefore = cutoff(SUBMISSION_RETENTION_YEARS, now).toISOString();
  const signaturesBefore = cutoff(SIGNATURE_RETENTION_YEARS, now).toISOString();
  const summary = { ...counts, submissionsBefore, signaturesBefore, complete: !time.ranOut, registered };
  const rows = [...Object.values(counts), ...Object.values(registered)].reduce((a, b) => a + b, 0) - counts.evidenceFilesDeleted;
  const audit = await Audit.record({ action: "privacy.retention_ran", actor: "retention job", target: describeRun(summary), rows });
  log.info("retention ran", { ...summary });

  const sheets = options.syncSheets === false ? { synced: [], failed: [] } : await syncChangedTabs(tabs);
  return { ...summary, leadsByForm: detail.leadsByForm as Record<LeadForm, number>, sheets, audit };
}
