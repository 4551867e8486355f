export * as ReportTextSearch from "./text-search";

import { z } from "zod";
import { Audit } from "../audit";
import { Bus } from "../bus";
import { Job } from "../jobs";
import { fetchMany } from "./admin";
import { reports } from "./listing";
import { firstMatch, textPattern } from "./text-match";
import { TextSearchInput } from "./text-search-input";

/**
 * Free-text search inside scam reports, as a background job (docs/architecture.md "Admin lists at
 * any size", Search). No index holds the reports' stories, so the request only records a queued
 * job with its event (outbox); the `report-text-search-job` subscriber (15 minutes) reads every
 * report in the list's default order a page at a time (index rows through the merge, then the
 * page's full reports in one consistent BatchGet), keeps the first MAX_MATCHES matches, reports its
 * progress and audits the search under the administrator who asked. Memory: one page.
 */

export { TextSearchInput } from "./text-search-input";

export const Events = {
  Requested: Bus.event("reports.text_search_requested", z.object({ jobId: Job.Id })),
};

export const KIND = "reports.text_search";
/** Reports read per page: a page of the largest reports (16 KB each) is 4 MB, well within the function's memory. */
export const PAGE_SIZE = 250;
/** Matches kept in the job's result (≈ 400 B each, far under an item's 400 KB); past it the result says `truncated`. */
export const MAX_MATCHES = 200;

export interface Match {
  id: string;
  reference: string;
  fullName: string;
  createdAt: string;
  /** the label of the first field holding the text */
  field: string;
  snippet: string;
}

export interface Result extends Record<string, unknown> {
  /** newest first, at most MAX_MATCHES */
  matches: Match[];
  /** how many reports hold the text (all of them, also past MAX_MATCHES) */
  matched: number;
  /** how many reports were read */
  scanned: number;
  truncated: boolean;
}

/** Records the job (`{text}` trimmed, already checked by the route's schema) and its start event in one transaction. */
export function request(input: z.output<typeof TextSearchInput>, by: Job.Starter): Promise<Job.Info> {
  return Job.create({ kind: KIND, actor: by.email, owner: by.sub, params: { text: input.text } }, Events.Requested, (jobId) => ({ jobId }));
}

/** Runs the search once (a repeated delivery finds it claimed and does nothing). */
export function run(jobId: string): Promise<Job.Info | undefined> {
  return Job.run(jobId, KIND, { leaseMs: Job.SUBSCRIBER_LEASE_MS }, async ({ job, report, tick }): Promise<Result> => {
    const { text } = TextSearchInput.parse(job.params);
    const pattern = textPattern(text);
    await report({ phase: "searching", completed: 0, total: null });
    const { total, pages } = await reports.selection({}, PAGE_SIZE);
    const matches: Match[] = [];
    let matched = 0;
    let scanned = 0;
    let rows = 0;
    for await (const page of pages) {
      for (const r of await fetchMany(page.map((row) => row.id))) {
        scanned++;
        const hit = firstMatch(r, pattern);
        if (!hit) continue;
        matched++;
        if (matches.length < MAX_MATCHES) matches.push({ id: r.id, reference: r.reference, fullName: r.reporter.fullName, createdAt: r.createdAt, ...hit });
      }
      rows += page.length;
      await tick({ phase: "searching", completed: rows, total: Math.max(total, rows) });
    }
    await report({ phase: "searching", completed: rows, total: rows });
    // the words searched for may be a person's: the trail says how long they were, not what
    await Audit.record({ action: "reports.searched", actor: job.actor, target: `report text (${Array.from(text).length} characters)`, rows: matched });
    return { matches, matched, scanned, truncated: matched > matches.length };
  });
}
