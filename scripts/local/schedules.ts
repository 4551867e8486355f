import { Evidence } from "@site/core/evidence";
import { errorAttributes, log } from "@site/core/log";
import { schedules } from "../../packages/functions/src/schedules";
import { lambdaContext, loadHandler } from "./handlers";
import { invocation } from "./usage-log";

/**
 * Deployed work that needs no cron because AWS does it (the evidence bucket's lifecycle rule
 * expires unclaimed uploads): locally a timer stands in for it.
 */
const localOnly = [{ name: "evidence-sweep", everyMinutes: 60, run: async () => void (await Evidence.sweepUploads()) }];

/**
 * The local stand-in for the Schedules stack's crons: each job's handler module on a timer. A tick
 * is skipped while the API serves requests or the local bus still has deliveries (the outbox sweep
 * would otherwise republish events that are merely queued); the next tick runs it.
 */
export function startLocalSchedules(quiet: () => boolean): { stop(): void } {
  const jobs = [
    ...schedules.map((s) => ({
      name: s.name,
      everyMinutes: s.everyMinutes,
      run: async () => {
        const handler = await loadHandler(s.handler);
        await invocation(s.name, "schedule", () => handler({ source: "aws.events", "detail-type": "Scheduled Event" }, lambdaContext(s.name)));
      },
    })),
    ...localOnly,
  ];
  const timers = jobs.map((job) => {
    let running = false;
    const tick = async () => {
      if (running || !quiet()) return;
      running = true;
      try {
        await job.run();
      } catch (err) {
        log.error("scheduled job failed", { job: job.name, ...errorAttributes(err) });
      } finally {
        running = false;
      }
    };
    return setInterval(() => void tick(), job.everyMinutes * 60_000);
  });
  return { stop: () => timers.forEach(clearInterval) };
}
