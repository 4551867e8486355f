import { createHash } from "node:crypto";
import { getMany } from "../db/batch";
import { recordsOf } from "../db/person-index";
import { sortableIdFloor } from "../util/id";
import { ValidationError } from "../util/error";
import { PRIVACY_MESSAGES, RECORDS_CURSOR_SHAPE, type ErasedCounts, type ErasedKind, type MailStopped } from "./input";
import { KINDS, kindNamed, mailStoppedFor } from "./kinds";

/**
 * What a person's link shows and downloads: every record holding the address, found
 * by the person index (db/person-index.ts), each kind described by its descriptor
 * (privacy/kinds.ts). Tokens (newsletter confirmation, deletion links) are erased too but are not
 * the person's data (their kinds count nothing), so they are not listed.
 *
 * Never every record at once (security review N15): the person index's rows (keys only, a few
 * hundred bytes each) give the counts by kind and the order, oldest first, by the time each kind's
 * key holds (its id is a sortable id: `madeAt`, policy/personal-record.ts); /my-data then reads
 * one page of items (`recordsPage`), and the download walks them a page at a time (`recordPages`).
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

/** /my-data's page: this many records a call. */
export const RECORDS_PAGE_SIZE = 50;
/** The download reads this many records a call (one BatchGetItem). */
export const DOWNLOAD_PAGE_SIZE = 100;

/** A record the person sees as theirs, as the person index names it, with its place in the order. */
interface ShownKey {
  kind: ErasedKind;
  pk: string;
  sk: string;
  /**
   * `<time, 9 base-36 digits>.<22 characters of SHA-256 of the index entry>`: sorts oldest first, and
   * records of the same millisecond (or of a kind whose key holds no time: the address's one newsletter
   * subscription, listed first) in a fixed order. The next page's cursor is the last shown record's
   * place: it holds no address, and a record erased or added meanwhile moves no other.
   */
  place: string;
}

/** The person's records, by the person index alone (one keys-only query), oldest first. */
async function shownKeys(email: string): Promise<ShownKey[]> {
  const shown = (await recordsOf(email)).flatMap((r) => {
    const kind = kindNamed(r.kind);
    if (!kind?.counted) return [];
    const at = kind.madeAt?.({ pk: r.pk, sk: r.sk }) ?? 0;
    const entry = createHash("sha256").update(`${r.kind}#${r.pk}#${r.sk}`).digest("base64url").slice(0, 22);
    return [{ kind: kind.counted, pk: r.pk, sk: r.sk, place: `${sortableIdFloor(at)}.${entry}` }];
  });
  return shown.sort((a, b) => (a.place < b.place ? -1 : a.place > b.place ? 1 : 0));
}

/** The items of `keys`, read consistently (one BatchGetItem of up to 100), in the keys' order; a record erased meanwhile is left out. */
async function readRecords(keys: ShownKey[]): Promise<StoredRecord[]> {
  const items = await getMany(
    keys.map((k) => ({ pk: k.pk, sk: k.sk })),
    { consistent: true },
  );
  const byKey = new Map(items.map((item) => [`${String(item.pk)}|${String(item.sk)}`, item]));
  return keys.flatMap((k) => {
    const item = byKey.get(`${k.pk}|${k.sk}`);
    return item ? [{ kind: k.kind, item }] : [];
  });
}

export class UnknownRecordsCursor extends ValidationError {
  constructor() {
    super({ cursor: PRIVACY_MESSAGES.badCursor });
  }
}

export interface RecordsPage {
  /** every record the person holds, by kind (from the person index's rows, no item read) */
  counts: ErasedCounts;
  /** this page's records, oldest first */
  records: StoredRecord[];
  /** the cursor of the next page, or null on the last */
  next: string | null;
}

/**
 * One page of the person's records, oldest first: the first, or the one after `cursor` (a previous
 * page's `next`). Reads the person index's rows (for the counts and the order) and only the page's
 * items. A cursor of another shape is an UnknownRecordsCursor (400); the route's schema refuses it first.
 */
export async function recordsPage(email: string, opts: { cursor?: string; size?: number } = {}): Promise<RecordsPage> {
  if (opts.cursor !== undefined && !RECORDS_CURSOR_SHAPE.test(opts.cursor)) throw new UnknownRecordsCursor();
  const size = Math.max(1, opts.size ?? RECORDS_PAGE_SIZE);
  const keys = await shownKeys(email);
  const after = opts.cursor;
  const from = after === undefined ? 0 : keys.findIndex((k) => k.place > after);
  const page = from < 0 ? [] : keys.slice(from, from + size);
  const more = from >= 0 && from + size < keys.length;
  return { counts: countsOf(keys), records: await readRecords(page), next: more ? page.at(-1)!.place : null };
}

/** Every record of the person, oldest first, `size` at a time: only one page of items is held at once. */
export async function* recordPages(email: string, size = DOWNLOAD_PAGE_SIZE): AsyncGenerator<StoredRecord[]> {
  const keys = await shownKeys(email);
  for (let i = 0; i < keys.length; i += size) yield await readRecords(keys.slice(i, i + size));
}

/** The person's records, read consistently, oldest first: all of them at once, for tests and scripts (the routes page them). */
export async function storedRecords(email: string): Promise<StoredRecord[]> {
  const all: StoredRecord[] = [];
  for await (const page of recordPages(email)) all.push(...page);
  return all;
}

function createdAt({ item }: StoredRecord): string {
  return String(item.createdAt ?? item.consentAt ?? "");
}

/** No record of any kind the person sees: the product's four, and the registered kinds'. */
export const emptyCounts = (): ErasedCounts => ({
  signature: 0,
  report: 0,
  lead: 0,
  newsletter: 0,
  ...Object.fromEntries(KINDS.flatMap((k) => (k.counted ? [[k.counted, 0]] : []))),
});

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
