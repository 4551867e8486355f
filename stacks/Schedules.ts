import { Cron, use, type StackContext } from "sst/constructs";
import { outboxAcknowledger, schedules } from "../packages/functions/src/schedules";
import { EVENT_SOURCE } from "../packages/functions/src/subscribers";
import { Auth } from "./Auth";
import { Events } from "./Events";
import { functionProps } from "./function-props";
import { Storage } from "./Storage";

/**
 * Scheduled work (an SST Cron per entry of packages/functions/src/schedules.ts; locally timers in
 * `npm start`) and the outbox acknowledger, the rule that lets the outbox sweeper know which
 * events the bus already has.
 */
export function Schedules({ stack }: StackContext) {
  const { table, bucket, secrets, mailConfigurationSet, privacyMailConfigurationSet } = use(Storage);
  const { auth } = use(Auth);
  const { bus } = use(Events);
  const deps = { table, bucket, bus, auth, secrets, mailConfigurationSet, privacyMailConfigurationSet };

  for (const s of schedules) {
    new Cron(stack, s.name, {
      schedule: s.everyMinutes === 1 ? "rate(1 minute)" : `rate(${s.everyMinutes} minutes)`,
      job: { function: { ...functionProps(s.needs, deps), handler: s.handler, ...(s.timeout ? { timeout: s.timeout } : {}) } },
    });
  }

  bus.addRules(stack, {
    [outboxAcknowledger.name]: {
      // every event this app publishes, whatever its type
      pattern: { source: [EVENT_SOURCE] },
      targets: {
        handler: { function: { ...functionProps(outboxAcknowledger.needs, deps), handler: outboxAcknowledger.handler, retryAttempts: 2 } },
      },
    },
  });
}
