export * as MailDrain from "./index";

/**
 * The paced mail queue's sending side (docs/architecture.md "Mail in a surge"): what each kind of
 * queued e-mail renders and sends (deliveries.ts), the administrators' digests in a surge
 * (digest.ts, surges.ts), and the drain that sends the queue's lanes under one lease (drain.ts,
 * round.ts). It reads the domains it mails about; the queue's storage (mail-queue/) knows none, so
 * the domains enqueue without importing this. Enqueuers `nudge` after they enqueue.
 */
export { drain, type DrainResult } from "./drain";
export { NUDGE_BUDGET_MS, nudge, settled } from "./nudge";
export { DIGEST_KIND, digestEmail } from "./digest";
