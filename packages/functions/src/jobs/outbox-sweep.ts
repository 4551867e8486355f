import { Outbox } from "@site/core/outbox";

/** Scheduled every minute: publishes again every outbox item older than the grace period. */
export const handler = () => Outbox.sweep();
