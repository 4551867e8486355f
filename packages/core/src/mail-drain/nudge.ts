import { settings } from "../config";
import { errorAttributes, log } from "../log";
import { drain, type DrainResult } from "./drain";

/** How long a nudged drain may send before it leaves the rest to the next nudge or the schedule. */
export const NUDGE_BUDGET_MS = 4_000;
/** A process reads the drainer's lease at most this often: every enqueuer of a surge nudges. */
const NUDGE_EVERY_MS = 1_000;

let running: Promise<unknown> | undefined;
let more = false;
let lastNudge = 0;

/** Locally, how long a drain waits for another process's lease before leaving the rest to the next nudge. */
const LOCAL_LEASE_WAIT_MS = 20_000;

const drainOnce = () =>
  drain({
    budgetMs: NUDGE_BUDGET_MS,
    more: () => {
      const again = more;
      more = false;
      return again;
    },
  });

/**
 * Locally several processes may share one table (the test files run in parallel workers): a drain
 * that finds another process holding the lease waits for it and drains after it, so that once
 * `settled()` resolves, what this process enqueued has been sent (the other drainer may not have
 * read this process's partitions yet).
 */
async function drainAfterOthers(): Promise<DrainResult> {
  const giveUpAt = Date.now() + LOCAL_LEASE_WAIT_MS;
  for (;;) {
    const result = await drainOnce();
    if (result.drained || Date.now() >= giveUpAt) return result;
    await new Promise((r) => setTimeout(r, 50));
  }
}

function start(): Promise<unknown> {
  lastNudge = Date.now();
  more = false;
  running = (settings().BUS_DRIVER === "local" ? drainAfterOthers() : drainOnce())
    .catch((err) => log.error("mail queue: a nudged drain failed; the schedule takes over", errorAttributes(err)))
    .finally(() => {
      running = undefined;
      // asked again while it finished its last round: go on (or after the spacing)
      if (more) void nudge();
    });
  return running;
}

/**
 * Sends what waits now, unless a drainer is at it: in this process (told to look again before it
 * stops) or elsewhere (it holds the lease and sends this too). Deployed, the subscriber's Lambda
 * awaits the drain (a frozen Lambda would sit on the lease); a nudge within a second of this
 * process's last one is left to that drain, the next nudge or the schedule. Locally (one process,
 * the in-process bus) the drain runs beside the bus's deliveries instead of taking their slots; the
 * local bus's idle() waits for `settled()`.
 */
export async function nudge(): Promise<void> {
  if (running) {
    more = true;
    return;
  }
  if (settings().BUS_DRIVER !== "local") {
    if (Date.now() - lastNudge >= NUDGE_EVERY_MS) await start();
    return;
  }
  // one process: the running drain already stands for every nudge of this process
  void start();
}

/** Resolves once this process has no drain running (the local bus's idle() waits for it). */
export async function settled(): Promise<void> {
  while (running) await running;
}
