import { errorAttributes, log } from "@site/core/log";
import { schedules } from "../../packages/functions/src/schedules";
import { lambdaContext, loadHandler } from "./handlers";

/**
 * The local stand-in for the Schedules stack's crons: each job's handler module on a timer. A tick
 * is skipped while the API serves requests or the local bus still has deliveries (the outbox sweep
 * would otherwise republish events that are merely queued); the next tick runs it.
 */
export function startLocalSchedules(quiet: () => boolean): { stop(): void } {
  const timers = schedules.map((s) => {
    let running = false;
    return setInterval(async () => {
      if (running || !quiet()) return;
      running = true;
      try {
        const handler = await loadHandler(s.handler);
        await handler({ source: "aws.events", "detail-type": "Scheduled Event" }, lambdaContext(s.name));
      } catch (err) {
        log.error("scheduled job failed", { job: s.name, ...errorAttributes(err) });
      } finally {
        running = false;
      }
    }, s.everyMinutes * 60_000);
  });
  return { stop: () => timers.forEach(clearInterval) };
}
