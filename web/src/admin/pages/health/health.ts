import type { DeadLetter } from "@site/core/health/info";

/**
 * The health panel's data and words (/admin/health). The types come from the server's pure module
 * (packages/core/src/health/info.ts); test/browser/faults.test.ts clicks the re-drive button by its
 * label and waits for REDRIVEN_LABEL, so both stay as written.
 */
export type { DeadLetter, HealthReport, SheetSync } from "@site/core/health/info";

export const HEALTH_TITLE = "Health";
/** how often the panel reads the report again */
export const HEALTH_REFRESH_MS = 15_000;

export const MESSAGES = {
  reportFailed: "Failed to load the health report",
  redriveFailed: "Failed to re-drive the side effect. Please try again.",
  redriven: "Re-driven: the side effect runs again",
  noDeadLetters: "No side effect is waiting: every one succeeded or was re-driven.",
  streamRedrive: "Re-run by replaying the stream: see the operations guide",
  noSheetSyncs: "No sync has run yet.",
} as const;

export const REDRIVEN_LABEL = "Re-driven";

/** A subscriber's dead letter is an event to deliver again; a stream's batch is replayed by hand (the operations guide). */
export const canRedrive = (letter: DeadLetter) => letter.state === "waiting" && letter.source === "subscriber";

/** The re-drive button's accessible name, which tells one dead letter's button from another's. */
export const redriveLabel = (letter: DeadLetter) => `Re-drive ${letter.detailType ?? letter.target} ${letter.eventId ?? letter.id}`;

/** Newest first, whatever order the report gives. */
export const newestFirst = (letters: readonly DeadLetter[]) => [...letters].sort((a, b) => b.at.localeCompare(a.at));

export const SOURCE_LABELS: Record<DeadLetter["source"], string> = { subscriber: "Subscriber", stream: "Stream" };

export const countText = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
