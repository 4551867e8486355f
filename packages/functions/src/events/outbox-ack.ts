import { Bus } from "@site/core/bus";
import { Outbox } from "@site/core/outbox";

/**
 * Deployed, a rule sends every event of ours here as well (stacks/Schedules.ts): EventBridge has
 * the event, so its outbox item is done with and the sweeper must not publish it again.
 */
export const handler = async (envelope: Bus.Envelope) => {
  await Outbox.acknowledge(Bus.eventId(envelope));
};
