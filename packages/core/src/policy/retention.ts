/**
 * How long each kind of record lives. The retention job (privacy/retention-job.ts),
 * the TTLs of the writers and the privacy policy page (/privacy-policy) all read these, so the page
 * states exactly what the system does. Pure constants: the public bundle imports this module.
 */

const DAY_SECONDS = 24 * 3600;

/** Guide submissions and scam reports (with their evidence files) are deleted this long after they were made. */
export const SUBMISSION_RETENTION_YEARS = 2;
/** Signatures are anonymised this long after signing: name, e-mail and metadata go, the signature (and the count) stays. */
export const SIGNATURE_RETENTION_YEARS = 2;
/** A signature waiting for its e-mail's confirmation (petitions that verify signatures) is deleted this long after signing, its link expiring with it. */
export const UNCONFIRMED_SIGNATURE_DAYS = 7;
export const UNCONFIRMED_SIGNATURE_SECONDS = UNCONFIRMED_SIGNATURE_DAYS * DAY_SECONDS;
/**
 * How long an e-mail waits in the mail queue at most (a backlog, or a drainer that never ran) before
 * its item expires: a pending signature whose confirmation link was never sent is kept this long
 * after signing, since its link may still leave (and then works UNCONFIRMED_SIGNATURE_DAYS from then).
 */
export const MAIL_QUEUE_KEEP_SECONDS = 14 * DAY_SECONDS;
/** Unconfirmed newsletter subscribers are removed this long after their latest consent. */
export const UNCONFIRMED_SUBSCRIBER_DAYS = 30;
export const UNCONFIRMED_SUBSCRIBER_SECONDS = UNCONFIRMED_SUBSCRIBER_DAYS * DAY_SECONDS;
/** Raw analytics hits (truncated IP, device, location, page) are kept this long (TTL). */
export const ANALYTICS_RAW_DAYS = 90;
/** Hourly analytics aggregates are kept this long (TTL). */
export const ANALYTICS_HOURLY_DAYS = 90;
/**
 * Daily analytics aggregates (counts only, no personal data) are kept this long (TTL), so values sent
 * to the public beacon cannot grow the table for ever: two years, the dashboard's longest range
 * (366 days) with the year before it to compare.
 */
export const ANALYTICS_DAILY_DAYS = 730;
/** The daily analytics salt is deleted by the next day's first visit, else by TTL this long after its day ends. */
export const ANALYTICS_SALT_TTL_MARGIN_SECONDS = 3600;
/** Rate-limit windows (keyed by truncated IP or by address hash) expire this long after they open. */
export const RATE_WINDOW_SECONDS = 120;
/** A data-deletion link works this long. */
export const DELETION_LINK_HOURS = 24;
export const DELETION_LINK_SECONDS = DELETION_LINK_HOURS * 3600;
/** A newsletter confirmation link works this long. */
export const NEWSLETTER_CONFIRMATION_DAYS = 7;
/** An e-mail held by the domain brake (mail/domain-brake.ts) waits this long for an administrator. */
export const HELD_MAIL_DAYS = 7;
/** Deletion requests (holding a hash of the address, never the address) are listed for administrators this long. */
export const DELETION_REQUEST_RECORD_DAYS = 2 * 365;
/** Issue deliveries (a hash of the address per recipient, no address) are kept this long. */
export const NEWSLETTER_DELIVERY_DAYS = 365;

/**
 * An address SES reported as bounced or complaining stays on the suppression list this long after it
 * was put there (a hash of the address, never the address), so no e-mail of ours reaches it; a
 * person's erasure keeps it unless they ask to be e-mailed again.
 */
export const SUPPRESSION_RETENTION_YEARS = 5;
/** Transient bounces (a full mailbox) are counted towards a suppression for this long after the last one. */
export const TRANSIENT_BOUNCE_WINDOW_DAYS = 30;

/** The instant before which a record made `years` ago counts as expired, at `now`. */
export function cutoff(years: number, now: Date = new Date()): Date {
  const d = new Date(now);
  d.setUTCFullYear(d.getUTCFullYear() - years);
  return d;
}
