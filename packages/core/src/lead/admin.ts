export * as LeadAdmin from "./admin";

import { z } from "zod";
import {
  deleteAll as deleteAllOf,
  deleteAllInput,
  deleteInTransaction,
  indexCountFrom,
  indexVictims,
  type ChunkedDeleteDef,
  type Progress,
} from "../collection/delete-all";
import { settings } from "../config";
import { table } from "../db/client";
import { Keys } from "../db/keys";
import { LEAD_FORMS, LEAD_FORM_INFO, type LeadForm } from "./forms";
import { Lead, LeadNotFound, type Info } from "./index";
import { countUpdate, indexKey, layout } from "./index-item";
import { count } from "./listing";

/**
 * What administrators do with one submission or all of a form's: the details dialog,
 * deleting one, and the chunked delete-all. The lists and exports are listing.ts (the collection).
 */

// ---------------------------------------------------------------------------------------------
// One submission

/** The details dialog: every stored field (name, e-mail, dates, consent, the metadata), with the form's titles. */
export type Details = Info & { formTitle: string; documentTitle: string };

export async function details(form: LeadForm, id: string): Promise<Details> {
  const lead = await Lead.fromID(id, form);
  return { ...lead, formTitle: LEAD_FORM_INFO[form].adminTitle, documentTitle: LEAD_FORM_INFO[form].documentTitle };
}

/** Deletes one submission with its index row; answers what it was (the audit names it). */
export async function remove(form: LeadForm, id: string): Promise<Pick<Info, "id" | "form" | "email">> {
  const lead = await Lead.find(id, form);
  if (!lead || !(await Lead.remove(lead))) throw new LeadNotFound();
  return { id, form, email: lead.email };
}

// ---------------------------------------------------------------------------------------------
// Delete all of a form

/** Per deletion transaction: 2 deletes each plus the count update stay within 100 items. */
const PER_TRANSACTION = 49;

/** `{confirm: "CONFIRM", form, operationId?}`: the form comes from the path. */
export const DeleteAllInput = deleteAllInput({ form: z.enum(LEAD_FORMS, { error: "Form not found" }) });
export type DeleteAllInput = z.input<typeof DeleteAllInput>;

const victimOf = (id: string) => ({ id });

/**
 * A form's submissions as a chunked deletion (collection/delete-all.ts): each submission with its
 * index row, in transactions that decrement one count shard by exactly the number deleted.
 */
const chunked: ChunkedDeleteDef<{ id: string }> = {
  groupSize: PER_TRANSACTION,
  parts: (form) => (form ? [form] : LEAD_FORMS),
  victims: (form, limit, beforeId) => indexVictims(layout.partitions(form), victimOf, limit, beforeId),
  deleteGroup: (part, group, index) => {
    const form = part as LeadForm;
    return deleteInTransaction(group, {
      record: (v) => ({ Delete: { TableName: table(), Key: Keys.lead(v.id), ConditionExpression: "attribute_exists(pk)" } }),
      companions: (v) => [{ Delete: { TableName: table(), Key: indexKey(form, v.id) } }],
      totals: (n, attempt) => [countUpdate(form, -n, (index + attempt) % settings().COUNTER_SHARDS)],
    });
  },
  remaining: async (form, beforeId) => (await count(form)) - (await indexCountFrom(layout.partitions(form), beforeId)),
};

/**
 * Delete-all of one form, one chunk per call: the submissions that existed when the operation
 * began (`startedAt`, its stored start). Submissions made while it runs are kept.
 */
export function deleteAll(form: LeadForm, startedAt: string): Promise<Progress> {
  return deleteAllOf(chunked, form, startedAt);
}
