import { getMany } from "../db/batch";
import { LEAD_FORM_INFO, isLeadForm } from "../lead/forms";
import { Keys } from "../db/keys";
import { Suppression } from "../suppression";
import { ERASED_KINDS, type ErasedCounts, type ErasedKind, type MailStopped } from "./input";
import { recordsOf, type PersonRecord } from "./person-index";

/**
 * What a person's link shows and downloads (issue 12 §2): every record holding the address, found
 * by the person index (person-index.ts), read whole. Tokens (newsletter confirmation, deletion
 * links) are erased too but are not the person's data, so they are not listed.
 */

const isShown = (r: PersonRecord): r is PersonRecord & { kind: ErasedKind } => (ERASED_KINDS as readonly string[]).includes(r.kind);

/** Attributes that are the table's machinery, not the person's data. */
const INTERNAL = new Set(["pk", "sk", "gsi1pk", "gsi1sk", "gsi2pk", "gsi2sk", "gsi3pk", "gsi3sk", "type", "rev", "unsubscribeToken", "confirmationEventId", "expiresAt"]);

export interface StoredRecord {
  kind: ErasedKind;
  item: Record<string, unknown>;
}

/** The person's records, read consistently, oldest first. */
export async function storedRecords(email: string): Promise<StoredRecord[]> {
  const shown = (await recordsOf(email)).filter(isShown);
  const items = await getMany(
    shown.map((r) => ({ pk: r.pk, sk: r.sk })),
    { consistent: true },
  );
  const kindOf = new Map(shown.map((r) => [`${r.pk}|${r.sk}`, r.kind]));
  return items
    .map((item) => ({ kind: kindOf.get(`${String(item.pk)}|${String(item.sk)}`)!, item }))
    .sort((a, b) => createdAt(a).localeCompare(createdAt(b)));
}

function createdAt({ item }: StoredRecord): string {
  return String(item.createdAt ?? item.consentAt ?? "");
}

export const emptyCounts = (): ErasedCounts => ({ signature: 0, report: 0, lead: 0, newsletter: 0 });

export function countsOf(records: { kind: ErasedKind }[]): ErasedCounts {
  const counts = emptyCounts();
  for (const r of records) counts[r.kind]++;
  return counts;
}

export interface RecordSummary {
  kind: ErasedKind;
  label: string;
  createdAt: string;
}

/** One line per record, as /my-data lists them. */
export async function summaries(records: StoredRecord[]): Promise<RecordSummary[]> {
  const petitionIds = [...new Set(records.filter((r) => r.kind === "signature").map((r) => String(r.item.petitionId)))];
  const petitions = await getMany(petitionIds.map(Keys.petition), { projection: "#id, #title", names: { "#id": "id", "#title": "title" } });
  const titles = new Map(petitions.map((p) => [String(p.id), String(p.title)]));
  return records.map((r) => summarize(r, titles));
}

function summarize(record: StoredRecord, titles: Map<string, string>): RecordSummary {
  const { kind, item } = record;
  const label = {
    signature: () => `Signature on the petition "${titles.get(String(item.petitionId)) ?? String(item.petitionId)}"`,
    report: () => `Scam report ${String(item.reference)}`,
    lead: () => `Request for "${isLeadForm(String(item.form)) ? LEAD_FORM_INFO[item.form as keyof typeof LEAD_FORM_INFO].documentTitle : String(item.form)}"`,
    newsletter: () => `Newsletter subscription (${String(item.status)})`,
  }[kind]();
  return { kind, label, createdAt: createdAt(record) };
}

/**
 * Whether our mail to the address is stopped (the suppression list, by the address's hash), and since
 * when: shown on /my-data and in the download, and kept by an erasure unless the person asks for mail again.
 */
export async function mailStopped(email: string): Promise<(MailStopped & { kind?: string }) | undefined> {
  const entry = await Suppression.find({ address: email });
  if (!entry?.suppressed || !entry.reason || !entry.at) return undefined;
  return { reason: entry.reason, at: entry.at, ...(entry.kind ? { kind: entry.kind } : {}) };
}

/** A record as the download gives it: the stored fields, without the table's machinery. */
export function exported(record: StoredRecord): Record<string, unknown> {
  const data = Object.fromEntries(Object.entries(record.item).filter(([k]) => !INTERNAL.has(k)));
  return { kind: record.kind, ...data };
}
