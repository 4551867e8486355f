import { getMany } from "../db/batch";
import { recordsOf } from "../db/person-index";
import type { ErasedCounts, ErasedKind, MailStopped } from "./input";
import { KINDS, kindNamed, mailStoppedFor } from "./kinds";

/**
 * What a person's link shows and downloads: every record holding the address, found
 * by the person index (db/person-index.ts), read whole, each kind described by its descriptor
 * (privacy/kinds.ts). Tokens (newsletter confirmation, deletion links) are erased too but are not
 * the person's data (their kinds count nothing), so they are not listed.
 */

/** Attributes that are the table's machinery, not the person's data. */
const INTERNAL = new Set([
  "pk",
  "sk",
  "gsi1pk",
  "gsi1sk",
  "gsi2pk",
  "gsi2sk",
  "gsi3pk",
  "gsi3sk",
  "type",
  "rev",
  "unsubscribeToken",
  "confirmationEventId",
  "confirmTokenHash",
  "confirmedTokenHash",
  "expiresAt",
]);

export interface StoredRecord {
  kind: ErasedKind;
  item: Record<string, unknown>;
}

/** The person's records, read consistently, oldest first. */
export async function storedRecords(email: string): Promise<StoredRecord[]> {
  const shown = (await recordsOf(email)).flatMap((r) => {
    const counted = kindNamed(r.kind)?.counted;
    return counted ? [{ pk: r.pk, sk: r.sk, kind: counted }] : [];
  });
  const items = await getMany(
    shown.map((r) => ({ pk: r.pk, sk: r.sk })),
    { consistent: true },
  );
  const kindOf = new Map(shown.map((r) => [`${r.pk}|${r.sk}`, r.kind]));
  return items.map((item) => ({ kind: kindOf.get(`${String(item.pk)}|${String(item.sk)}`)!, item })).sort((a, b) => createdAt(a).localeCompare(createdAt(b)));
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

/** One line per record, as /my-data lists them: each kind's descriptor describes its own, in one call. */
export async function summaries(records: StoredRecord[]): Promise<RecordSummary[]> {
  const labels = new Map<StoredRecord, string>();
  for (const kind of KINDS) {
    const mine = records.filter((r) => r.kind === kind.counted);
    if (!mine.length || !kind.describe) continue;
    const lines = await kind.describe(mine.map((r) => r.item));
    mine.forEach((r, i) => labels.set(r, lines[i]));
  }
  return records.map((r) => ({ kind: r.kind, label: labels.get(r) ?? r.kind, createdAt: createdAt(r) }));
}

/**
 * Whether our mail to the address is stopped (the suppression list, by the address's hash), and since
 * when: shown on /my-data and in the download, and kept by an erasure unless the person asks for mail again.
 */
export const mailStopped = (email: string): Promise<(MailStopped & { kind?: string }) | undefined> => mailStoppedFor(email);

/** A record as the download gives it: the stored fields, without the table's machinery. */
export function exported(record: StoredRecord): Record<string, unknown> {
  const data = Object.fromEntries(Object.entries(record.item).filter(([k]) => !INTERNAL.has(k)));
  return { kind: record.kind, ...data };
}
