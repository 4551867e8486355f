/** The newsletter-issue-batch and petition-update-batch subscribers' timeout (packages/functions/src/subscribers.ts). */
export const BATCH_TIMEOUT_MS = 300_000;
/** A batch sends for at most this long, whatever the batch size and rate: the rest of its timeout is for the table. */
export const BATCH_SENDING_MS = 240_000;
/**
 * A run not moved on for this long is read as stopped: a batch's timeout, plus time for its next
 * event to arrive (the outbox sweeper republishes a lost one after a minute, every minute).
 */
export const LEASE_MS = BATCH_TIMEOUT_MS + 3 * 60_000;
/** E-mails (each with its claim) in flight at once; the rate is kept by pacing, not by this. */
export const IN_FLIGHT = 16;
