/**
 * The shape every kind of personal record describes itself with: one descriptor per
 * kind, in its own domain folder (`<domain>/record-kind.ts`), listed by the registry
 * (privacy/kinds.ts). Erasure, /my-data and its download, the retention job and the spreadsheet
 * jobs loop over the registry and never name a kind. Types and one helper only: every domain imports
 * this module, and it imports nothing (the browser imports its kinds' names).
 */

/** A stored item's key in the single table. */
export interface TableKey {
  pk: string;
  sk: string;
}

/** What the retention job counts, every kind's step adding its own (audited as one entry). */
export interface RetentionCounts {
  /** guide submissions deleted, all forms */
  leadsDeleted: number;
  /** scam reports deleted */
  reportsDeleted: number;
  /** evidence files of those reports (from their index rows) */
  evidenceFilesDeleted: number;
  signaturesAnonymised: number;
  /** signatures left unconfirmed past UNCONFIRMED_SIGNATURE_DAYS, deleted */
  unconfirmedSignaturesDeleted: number;
  /** unconfirmed newsletter subscribers past their TTL */
  subscribersRemoved: number;
  /** expired newsletter confirmation tokens of the removed subscribers */
  confirmationTokensDeleted: number;
}

/** The retention run's stop-watch: once over, no kind starts a new chunk or group. */
export interface TimeBudget {
  over(): boolean;
}

/** What one kind's retention pass did. */
export interface RetentionStep {
  counts: Partial<RetentionCounts>;
  /** what a kind made by defineKind removed, by its plural ("volunteer sign-ups": 3): not one of the counts above */
  removed?: Record<string, number>;
  /** ids of the spreadsheet tabs whose rows changed */
  tabs: string[];
  /** further fields of the run's result (the guide submissions' per-form counts) */
  detail?: Record<string, unknown>;
}

export interface RetentionRule {
  /** what happens to a record of the kind, in words the privacy policy uses */
  rule: "deleted" | "anonymised" | "expires (TTL)" | "kept until lifted";
  /** after how long, naming its constant (policy/retention.ts) */
  after: string;
  /** the kind's part of the daily job at `now`; none when the table's TTL does it alone */
  run?: (now: Date, time: TimeBudget) => Promise<RetentionStep>;
}

/** What the registry needs of a kind's admin list (a `defineCollection`): its name. */
export interface AdminList {
  readonly name: string;
}

/** A spreadsheet tab of a kind: its id in events and results, how to rewrite it soon, its administrator's sync job. */
export interface SheetTab {
  /** "signatures", "reports", "leads:<form>" */
  id: string;
  syncSoon(): Promise<unknown>;
  /** the sync job's kind (jobs/) and its runner, for the sheets-sync-job subscriber */
  job: { KIND: string; run(jobId: string): Promise<unknown> };
}

/**
 * The kinds a person sees as their data (/my-data, the download, the completion e-mail), with their
 * names for people: tokens are erased too but are not listed. Browser-safe (the pages import it).
 */
export const COUNTED_KINDS = ["signature", "report", "lead", "newsletter"] as const;
export type CountedKind = (typeof COUNTED_KINDS)[number];

declare const definedKind: unique symbol;
/**
 * The name of a kind made by defineKind (kinds/define.ts) and registered later (privacy/kinds.ts
 * `registerKind`): not in the fixed lists, yet checked, since only defineKind makes one.
 */
export type KindName = string & { readonly [definedKind]: true };
export const COUNTED_KIND_LABELS: Record<CountedKind, { one: string; many: string }> = {
  signature: { one: "petition signature", many: "petition signatures" },
  report: { one: "scam report (with its evidence files)", many: "scam reports (with their evidence files)" },
  lead: { one: "free-guide request", many: "free-guide requests" },
  newsletter: { one: "newsletter subscription", many: "newsletter subscriptions" },
};

/**
 * What a person's erasure does to the kind: removes each of their records, removes them only when the
 * person asks (the suppression entry), or keeps them because they hold no address (a deletion request
 * holds a hash: it is the record of the erasure itself).
 */
export type ErasureRule = "with the person" | "when asked" | "kept: holds no address";

/** The person an erasure (or a removal) is for: their address, and the deletion request that asked. */
export interface Person {
  email: string;
  requestId?: string;
}

export interface PersonalRecordKind {
  /** the person index's name for it (`gsi3sk` starts with it; db/person-index.ts), or its own name when not in that index */
  kind: string;
  /** what people call one, as the console and the privacy page name it */
  label: string;
  /** the key of /my-data's counts, for kinds the person sees as their data */
  counted?: CountedKind | KindName;
  /** how a registered kind is counted for people (the product's kinds: COUNTED_KIND_LABELS) */
  labels?: { one: string; many: string };
  erasure: ErasureRule;
  /** The person's records of a kind the person index does not hold (the suppression entry, keyed by the address's hash). */
  find?(person: Person): Promise<TableKey[]>;
  /**
   * Removes the record stored at `key` (found by the person index, or `find`), through its module's
   * own deletion (every kind an erasure reaches has it). Answers the ids of the sheet tabs that held it, or undefined when it was already
   * gone (another deletion came first).
   */
  remove?(key: TableKey, person: Person): Promise<{ tabs: string[] } | undefined>;
  /**
   * When the record stored at `key` was made (ms since the epoch), read from the key alone (its id is a
   * sortable id): /my-data orders a person's records by it from the person index's keys, and so reads
   * only the page it shows. A kind without it (its key holds no time) lists first.
   */
  madeAt?(key: TableKey): number | undefined;
  /** One line per stored item for /my-data, in order (one batched read for all of them, if any). */
  describe?(items: Record<string, unknown>[]): Promise<string[]>;
  retention: RetentionRule;
  /** the administrators' list of the kind (collection/define.ts), if it has one */
  collection?: AdminList;
  /** its spreadsheet tabs, if it has any */
  sheetTabs?: SheetTab[];
}

/** Runs a deletion, answering false instead of throwing when the record was already gone (one of `already`). */
export async function removedNow(remove: () => Promise<unknown>, ...already: (new (...args: never[]) => Error)[]): Promise<boolean> {
  try {
    await remove();
    return true;
  } catch (err) {
    if (already.some((type) => err instanceof type)) return false;
    throw err;
  }
}
