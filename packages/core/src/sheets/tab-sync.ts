import { settings } from "../config";
import { SUBSCRIBER_LEASE_MS } from "../jobs";
import { coalesced, exclusive, type CoalesceOptions } from "./coalesce";
import { Sheets } from "./index";
import type { ReplaceResult, RowSource } from "./port";
import { recordSync } from "./last-sync";

/** A run may hold a tab's lock this long: the subscribers' Lambda timeout (15 minutes). */
export const LEASE_MS = SUBSCRIBER_LEASE_MS;

export type SyncPhase = "reading" | "writing";
export type SyncProgress = (phase: SyncPhase, completed: number, total: number | null) => Promise<void> | void;
// a type, not an interface: job results and log attributes take it as a plain record
export type SyncResult = ReplaceResult;

/** One spreadsheet tab kept as a copy of a collection: its name, its header and where its rows come from. */
/** A global index is eventually consistent: a row is listed there within a second or so of its write. */
export const GSI_SETTLE_MS = 2000;

export interface TabSource {
  tab: string;
  header: readonly string[];
  /** Every row, as cells, in the order the tab shows them, a page at a time, and how many there are (for progress). */
  rows: () => Promise<{ total: number; pages: RowSource }>;
  /**
   * Deployed, how long after a write its rows are surely readable (a global index's propagation;
   * 0 for rows read consistently from the table): the sync after a write waits at least this long. Locally every write
   * happens in this process and is readable at once.
   */
  settleMs: number;
}

/** A collection's selection (`collection.selection`) as a tab's pages of cells. */
export function cellsOf<Row>(selection: { total: number; pages: AsyncIterable<readonly Row[]> }, cells: (row: Row) => string[]) {
  async function* pages() {
    for await (const page of selection.pages) yield page.map(cells);
  }
  return { total: selection.total, pages: pages() };
}

export interface TabSync {
  tab: string;
  /** The administrator's sync (a job): runs now, after a sync already running on the tab, waiting up to `waitMs`. */
  now(waitMs: number, progress?: SyncProgress): Promise<SyncResult>;
  /** After a write: one sync per burst (coalesce.ts); undefined when a sync already scheduled covers it. */
  soon(): Promise<SyncResult | undefined>;
}

/** The coalesced and the exclusive sync of one tab (coalesce.ts), shared by every collection's tab. */
export function tabSync(source: TabSource): TabSync {
  const options = (): CoalesceOptions => {
    const s = settings();
    const floor = s.BUS_DRIVER === "local" ? 0 : source.settleMs;
    return { debounceMs: Math.max(s.SHEETS_SYNC_DEBOUNCE_MS, floor), leaseMs: LEASE_MS };
  };
  const write = async (progress?: SyncProgress): Promise<SyncResult> => {
    await progress?.("reading", 0, null);
    const { total, pages } = await source.rows();
    await progress?.("writing", 0, total);
    try {
      const result = await Sheets.replaceTab(source.tab, [...source.header], pages, {
        total,
        onProgress: (written, total) => progress?.("writing", written, total),
      });
      await recordSync({ tab: source.tab, at: new Date().toISOString(), status: "succeeded", rows: result.rows });
      return result;
    } catch (err) {
      await recordSync({ tab: source.tab, at: new Date().toISOString(), status: "failed", error: String((err as Error)?.message ?? err).slice(0, 300) });
      throw err;
    }
  };
  return {
    tab: source.tab,
    now: (waitMs, progress) => exclusive(Sheets.target(source.tab), { ...options(), waitMs }, () => write(progress)),
    soon: async () => {
      const outcome = await coalesced(Sheets.target(source.tab), options(), () => write());
      return outcome.ran ? outcome.result : undefined;
    },
  };
}
