export * as LeadListing from "./listing";

import { QueryCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { z } from "zod";
import { defineCollection } from "../collection/define";
import { allOf, isYes, isoDay, oneOf, yesNo } from "../collection/filters";
import { storedRows } from "../collection/index-rows";
import { settings } from "../config";
import { putAll } from "../db/batch";
import { db, table } from "../db/client";
import { Keys } from "../db/keys";
import { isSortableId, sortableId } from "../util/id";
import { LEAD_FORMS, LEAD_FORM_INFO, type LeadForm } from "./forms";
import { build, leadItem, leadOfItem, type CreateRequest, type Info } from "./index";
import { COLLECTION, NAME_SEARCH, ORDERS, countUpdate, decodeRow, indexItem, layout } from "./index-item";
import type { LeadRow } from "./record";

/**
 * The four admin lists of free-guide submissions: one collection (collection/define.ts)
 * over the leadIndex rows whose parts are the four forms, as signatures' parts are petitions. A
 * form's list is the scope `form`. docs/data-model.md ("Free guide submissions").
 */

export const SORTS = ["createdAt", "fullName", "email"] as const;
export type Sort = (typeof SORTS)[number];

/** "03/07/2025" → "2025-03-07": the day a row was submitted in New York, comparable with the date filters. */
export const submittedDay = (createdDate: string) => {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(createdDate);
  return match ? `${match[3]}-${match[1]}-${match[2]}` : "";
};

/** The form (the scope), newsletter consent, and the day submitted (US Eastern, inclusive). */
export const FILTERS = {
  form: oneOf(LEAD_FORMS, "Form"),
  newsletterConsent: yesNo("Newsletter consent"),
  dateFrom: isoDay("Date from"),
  dateTo: isoDay("Date to"),
};
type Filters = z.output<z.ZodObject<typeof FILTERS>>;

export function predicate(q: Filters) {
  return allOf<LeadRow>(
    q.newsletterConsent && ((r) => r.newsletterConsent === isYes(q.newsletterConsent!)),
    q.dateFrom && ((r) => submittedDay(r.createdDate) >= q.dateFrom!),
    q.dateTo && ((r) => submittedDay(r.createdDate) <= q.dateTo!),
  );
}

/** A form's count: the sum of its shards, one strongly consistent query of ≤ 10 small items. */
export async function count(form: string): Promise<number> {
  const res = await db().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: "pk = :pk AND begins_with(sk, :shard)",
      ExpressionAttributeValues: { ":pk": Keys.leadsPartition(form), ":shard": "COUNT#" },
      ProjectionExpression: "#count",
      ExpressionAttributeNames: { "#count": "count" },
      ConsistentRead: true,
    }),
  );
  return (res.Items ?? []).reduce((sum, item) => sum + Number(item.count ?? 0), 0);
}

/** The audit target of a query: the form, the search and the filters. */
function describe(q: Filters & { search: string }): string {
  const filters = (["newsletterConsent", "dateFrom", "dateTo"] as const).filter((k) => q[k]).map((k) => `${k}=${q[k]}`);
  return `${q.form ?? "all forms"} submissions` + (q.search ? ` (search "${q.search}")` : "") + (filters.length ? ` (${filters.join(", ")})` : "");
}

export const leads = defineCollection({
  name: COLLECTION,
  orders: ORDERS satisfies Record<Sort, unknown>,
  nameSearch: NAME_SEARCH,
  defaultSort: "createdAt",
  filters: FILTERS,
  scopeOf: (q) => q.form,
  predicate,
  ...storedRows(layout, decodeRow, (form) => (form ? [form] : LEAD_FORMS)),
  count,
  // a submission's key does not name its form: one candidate row per form, the missing ones read as nothing
  direct: {
    indexKey: layout.key,
    person: { kind: "lead", rowsOf: (key) => [Keys.leadOf(key)].flatMap((id) => (id ? LEAD_FORMS.map((form) => ({ part: form, id })) : [])) },
    named: (needle, form) => (isSortableId(needle) ? (form ? [form] : LEAD_FORMS).map((part) => ({ part, id: needle })) : undefined),
  },
  describe,
});

/** Every row of a form (or of all four), newest first unless asked otherwise, a page at a time. */
export const stream = (form?: LeadForm, sort: Sort = "createdAt", order: "asc" | "desc" = "desc") => leads.stream(form, sort, order);

/** A form's newest submissions from gsi1 (eventually consistent), full items. */
async function newestOf(form: LeadForm, limit: number): Promise<Info[]> {
  const res = await db().send(
    new QueryCommand({
      TableName: table(),
      IndexName: "gsi1",
      KeyConditionExpression: "gsi1pk = :pk",
      ExpressionAttributeValues: { ":pk": Keys.leadListPartition(form) },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (res.Items ?? []).map(leadOfItem);
}

// ---------------------------------------------------------------------------------------------
// /admin/forms: the four cards

export interface FormSummary {
  form: LeadForm;
  /** the card's title, e.g. "Free Checklist" */
  title: string;
  /** the list's heading, e.g. "Timeshare Scam Checklist - Submissions" */
  listTitle: string;
  /** /admin/forms/<adminSlug> */
  adminSlug: string;
  count: number;
  /** the newest submission's time (ISO UTC and New York date and time), or null when there is none */
  latest: { createdAt: string; createdDate: string; createdTime: string } | null;
}

/** Each form's submission count and latest submission: two small reads per form, in parallel. */
export async function summary(): Promise<FormSummary[]> {
  return Promise.all(
    LEAD_FORMS.map(async (form) => {
      const [submissions, [newestLead]] = await Promise.all([count(form), newestOf(form, 1)]);
      const info = LEAD_FORM_INFO[form];
      return {
        form,
        title: info.adminTitle,
        listTitle: info.listTitle,
        adminSlug: info.adminSlug,
        count: submissions,
        latest:
          newestLead && submissions > 0 ? { createdAt: newestLead.createdAt, createdDate: newestLead.createdDate, createdTime: newestLead.createdTime } : null,
      };
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Bulk import (seeding, benchmarks, tests)

export interface ImportedLead extends Omit<CreateRequest, "client"> {
  /** when it was submitted (its id and times follow it) */
  at?: Date;
}

/**
 * Writes submissions in bulk without transactions: BatchWrite of each submission and its index row,
 * then the number written per form ADDed to that form's count shards. No rate limit, no outbox event
 * (no e-mails). For seeding and benchmarks, not for visitors.
 */
export async function importBatch(requests: ImportedLead[]): Promise<Info[]> {
  const built = requests.map((req) => {
    const at = req.at ?? new Date();
    return build(sortableId(at.getTime()), req, at);
  });
  await putAll(built.flatMap((lead) => [leadItem(lead), indexItem(lead)]));
  const shards = settings().COUNTER_SHARDS;
  await Promise.all(
    LEAD_FORMS.map(async (form) => {
      const n = built.filter((l) => l.form === form).length;
      if (n === 0) return;
      await Promise.all(
        Array.from({ length: Math.min(shards, n) }, (_, shard) => {
          const share = Math.floor(n / shards) + (shard < n % shards ? 1 : 0);
          return db().send(new UpdateCommand(countUpdate(form, share, shard).Update));
        }),
      );
    }),
  );
  return built;
}
