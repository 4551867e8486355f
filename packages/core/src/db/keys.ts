import { createHash } from "node:crypto";
import { ScamKeys } from "./scam-keys";

/**
 * Every key of the single table, in one place. docs/data-model.md lists the access patterns.
 * Nothing a signer writes or checks shares a partition key with other signers except the counter
 * shards (docs/architecture.md "Capacity"): a petition's metadata, each counter shard, each e-mail
 * guard and each signature have a partition key of their own, and the signatures are found through
 * the admin index partitions (`SIGIDX#<petitionId>#<bucket>`).
 */
export const Keys = {
  ...ScamKeys,
  petition: (id: string) => ({ pk: `PETITION#${id}`, sk: "META" }),
  petitionList: (createdAt: string, id: string) => ({ gsi1pk: "PETITIONS", gsi1sk: `${createdAt}#${id}` }),
  /**
   * One of a petition's counter shards (`counterShards` of them, created with the petition): the only
   * items every signer of a petition shares. The signing transaction's update of one is also its
   * open/closed check (`deleting` is set on every shard when the petition is being deleted).
   */
  counterShard: (petitionId: string, shard: number) => ({ pk: `COUNT#${petitionId}#${shard}`, sk: "COUNT" }),
  /**
   * One shard of a petition's counts by place (signature/geo-counts.ts): `part` is the US states'
   * item or one of the countries' items (split so each stays under 1 KB), `shard` the counter shard
   * the same signature incremented, so no key takes more signatures than a counter shard.
   */
  geoShard: (petitionId: string, part: string, shard: number) => ({ pk: `GEO#${petitionId}#${part}#${shard}`, sk: "GEO" }),
  /** A petition's e-mail guard: one per signer, keyed by a hash of the normalised e-mail (no address in a key). */
  emailGuard: (petitionId: string, normalisedEmail: string) => ({
    pk: `GUARD#${petitionId}#${createHash("sha256").update(normalisedEmail).digest("base64url")}`,
    sk: "GUARD",
  }),
  signature: (petitionId: string, signatureId: string) => ({ pk: `SIG#${petitionId}#${signatureId}`, sk: "SIG" }),
  /** The start of every signature's partition key (the stream's signature consumer reads those items). */
  signaturePartitionPrefix: "SIG#",
  /** The petition and signature ids of a signature's key, or undefined for any other key. */
  signatureOf: (key: { pk: string; sk: string }): { petitionId: string; signatureId: string } | undefined => {
    const m = key.sk === "SIG" ? /^SIG#([a-z0-9-]+)#([0-9a-z]+)$/.exec(key.pk) : null;
    return m ? { petitionId: m[1], signatureId: m[2] } : undefined;
  },
  /** The partition-key prefixes of a petition's own items other than META (for scans by tests and benchmarks). */
  petitionItemPrefixes: (petitionId: string) => [`COUNT#${petitionId}#`, `GUARD#${petitionId}#`, `SIG#${petitionId}#`, `GEO#${petitionId}#`],
  /** Before the capacity work a petition's items shared its partition (migrations/signature-layout.ts moves them out): the sort-key prefix of a signature there. */
  legacySignatureSortPrefix: "SIG#",
  /** Every petition's signatures by date (gsi1), spread over SIGNATURE_LIST_BUCKETS partitions by id. */
  signatureList: (createdAt: string, signatureId: string) => ({
    gsi1pk: `SIGNATURES#${fnv1a(signatureId) % SIGNATURE_LIST_BUCKETS}`,
    gsi1sk: `${createdAt}#${signatureId}`,
  }),
  signatureListPartition: (bucket: number) => `SIGNATURES#${bucket}`,
  /** Admin signature index: one compact row per signature, spread over SIGNATURE_INDEX_BUCKETS partitions per petition. */
  signatureIndex: (petitionId: string, bucket: number, signatureId: string) => ({ pk: `SIGIDX#${petitionId}#${bucket}`, sk: signatureId }),
  signatureIndexPartition: (petitionId: string, bucket: number) => `SIGIDX#${petitionId}#${bucket}`,
  /** The signature index of a petition without its bucket: where its name-search partitions start (collection/name-index.ts). */
  signatureIndexPart: (petitionId: string) => `SIGIDX#${petitionId}`,
  /**
   * A petition's updates to the signers who asked (signature/updates.ts): each update's head
   * (`milestone-<n>` or `outcome`: the id is the claim) and its body in the petition's partition,
   * its deliveries (one per recipient, keyed by the address's hash) in a partition of their own.
   */
  petitionUpdate: (petitionId: string, updateId: string) => ({ pk: `PUPDATE#${petitionId}`, sk: `UPDATE#${updateId}` }),
  petitionUpdateBody: (petitionId: string, updateId: string) => ({ pk: `PUPDATE#${petitionId}`, sk: `BODY#${updateId}` }),
  petitionUpdatesPartition: (petitionId: string) => `PUPDATE#${petitionId}`,
  petitionUpdatePrefix: "UPDATE#",
  petitionUpdateDeliveries: (petitionId: string, updateId: string) => `PUPDDELIVERY#${petitionId}#${updateId}`,
  /** A scam report (packages/core/src/report): one item, listed newest first on gsi1. */
  report: (id: string) => ({ pk: `REPORT#${id}`, sk: "REPORT" }),
  /** The report id of a report's key, or undefined for any other key. */
  reportOf: (key: { pk: string; sk: string }): string | undefined =>
    key.sk === "REPORT" && key.pk.startsWith("REPORT#") ? key.pk.slice("REPORT#".length) : undefined,
  reportList: (createdAt: string, id: string) => ({ gsi1pk: "REPORTS", gsi1sk: `${createdAt}#${id}` }),
  reportListPartition: "REPORTS",
  /** A report's reference number ("TSR-7K3M-9QX2"): keeps it unique and finds the report it names. */
  reportRef: (reference: string) => ({ pk: `REPORTREF#${reference}`, sk: "REPORTREF" }),
  /** Admin report index (report/index-item.ts): one compact row per report, spread over INDEX_BUCKETS partitions. */
  reportIndex: (bucket: number, reportId: string) => ({ pk: `REPIDX#${bucket}`, sk: reportId }),
  reportIndexPartition: (bucket: number) => `REPIDX#${bucket}`,
  reportIndexPart: "REPIDX",
  /** The reports' count, sharded like a petition's. */
  reportsPartition: "REPORTS",
  reportCountShard: (shard: number) => ({ pk: "REPORTS", sk: `COUNT#${shard}` }),
  /** A free-guide submission (packages/core/src/lead): one item per submission, its form an attribute; listed newest first per form on gsi1. */
  lead: (id: string) => ({ pk: `LEAD#${id}`, sk: "LEAD" }),
  /** The submission id of a guide submission's key, or undefined for any other key. */
  leadOf: (key: { pk: string; sk: string }): string | undefined => (key.sk === "LEAD" && key.pk.startsWith("LEAD#") ? key.pk.slice("LEAD#".length) : undefined),
  leadList: (form: string, createdAt: string, id: string) => ({ gsi1pk: `LEADS#${form}`, gsi1sk: `${createdAt}#${id}` }),
  leadListPartition: (form: string) => `LEADS#${form}`,
  /** Admin lead index (lead/index-item.ts): one compact row per submission, INDEX_BUCKETS partitions per form. */
  leadIndex: (form: string, bucket: number, leadId: string) => ({ pk: `LEADIDX#${form}#${bucket}`, sk: leadId }),
  leadIndexPartition: (form: string, bucket: number) => `LEADIDX#${form}#${bucket}`,
  leadIndexPart: (form: string) => `LEADIDX#${form}`,
  /** A form's submission count, sharded like a petition's. */
  leadsPartition: (form: string) => `LEADS#${form}`,
  leadCountShard: (form: string, shard: number) => ({ pk: `LEADS#${form}`, sk: `COUNT#${shard}` }),
  /** Audit trail: one partition, entries keyed by their time-sortable id (newest last). */
  audit: (id: string) => ({ pk: "AUDIT", sk: `ENTRY#${id}` }),
  auditPartition: "AUDIT",
  auditPrefix: "ENTRY#",
  rateWindow: (scope: string, subject: string, windowStart: number) => ({
    pk: `RATE#${scope}#${subject}`,
    sk: String(windowStart),
  }),
  newsletter: (email: string) => ({ pk: `NEWSLETTER#${email}`, sk: "SUBSCRIPTION" }),
  /** The normalised e-mail of a subscriber's key, or undefined for any other key. */
  subscriberOf: (key: { pk: string; sk: string }): string | undefined =>
    key.sk === "SUBSCRIPTION" && key.pk.startsWith("NEWSLETTER#") ? key.pk.slice("NEWSLETTER#".length) : undefined,
  /** A newsletter confirmation token, keyed by the SHA-256 of the token the e-mail carries (never the token itself). */
  newsletterToken: (tokenHash: string) => ({ pk: `NLTOKEN#${tokenHash}`, sk: "NLTOKEN" }),
  /** A subscriber's unsubscribe link: the SHA-256 of its token → the subscriber's e-mail. Lives as long as the subscriber. */
  newsletterUnsubscribe: (tokenHash: string) => ({ pk: `NLUNSUB#${tokenHash}`, sk: "NLUNSUB" }),
  /** Confirmed subscribers only (a sparse gsi2), in order of confirmation: the send's and the daily digest's list. */
  newsletterConfirmed: (confirmedAt: string, email: string) => ({ gsi2pk: "NLCONFIRMED", gsi2sk: `${confirmedAt}#${email}` }),
  newsletterConfirmedPartition: "NLCONFIRMED",
  /** Admin subscriber index (newsletter/index-item.ts): one compact row per subscriber, INDEX_BUCKETS partitions. */
  newsletterIndex: (bucket: number, email: string) => ({ pk: `NLIDX#${bucket}`, sk: email }),
  newsletterIndexPartition: (bucket: number) => `NLIDX#${bucket}`,
  newsletterIndexPart: "NLIDX",
  /**
   * The subscribers' count cards (newsletter/counts.ts), NEWSLETTER_COUNT_SHARDS partitions: in each,
   * `TOTAL` counts the subscribers without an expiry and `EXPIRES#<UTC hour>` those expiring in that
   * hour. A query of `sk >= EXPIRES#<this hour>` reads `TOTAL` and the hours still to come.
   */
  newsletterCount: (shard: number, expiryHour?: string) => ({ pk: `NLCOUNT#${shard}`, sk: expiryHour ? `EXPIRES#${expiryHour}` : "TOTAL" }),
  newsletterCountPartition: (shard: number) => `NLCOUNT#${shard}`,
  newsletterCountsFrom: (hour: string) => `EXPIRES#${hour}`,
  effect: (subscriber: string, eventId: string) => ({ pk: `EFFECT#${subscriber}#${eventId}`, sk: "EFFECT" }),
  /** A form submission's idempotency key (idempotency/submissions.ts): what its first attempt stored, for its retries. */
  submission: (scope: string, key: string) => ({ pk: `SUBMISSION#${scope}#${key}`, sk: "SUBMISSION" }),
  /**
   * A stream consumer's batch whose counts were applied (streams/apply-once.ts), keyed by the
   * consumer and the batch's first record: a retry of the batch applies only the records after `through`.
   */
  streamBatch: (consumer: string, firstEventId: string) => ({ pk: `STREAMBATCH#${consumer}#${firstEventId}`, sk: "BATCH" }),
  /** Transactional outbox: an event written with its data, until the bus has it (packages/core/src/outbox). */
  outbox: (eventId: string) => ({ pk: outboxPartition(fnv1a(eventId) % OUTBOX_PARTITIONS), sk: eventId }),
  outboxPartition: (n: number) => outboxPartition(n),
  /** Coalesces spreadsheet syncs: a pending marker and a run lock per destination tab. */
  sheetSync: (target: string) => ({ pk: `SHEETSYNC#${target}`, sk: "STATE" }),
  /** Each tab's last sync (sheets/last-sync.ts): one partition, a tab per item, read whole by the health panel. */
  sheetLastSync: (tab: string) => ({ pk: "SHEETSYNC#LAST", sk: tab }),
  sheetLastSyncPartition: "SHEETSYNC#LAST",
  /** A side effect that failed every retry (dead-letters/): one partition, newest id last; read whole by the health panel. */
  deadLetter: (id: string) => ({ pk: "DEADLETTERS", sk: id }),
  deadLetterPartition: "DEADLETTERS",
  /** How far a kind's last finished retention pass got (db/retention.ts): one item per kind. */
  retentionWatermark: (kind: string) => ({ pk: `RETENTION#${kind}`, sk: "WATERMARK" }),
  /**
   * The paced mail queue (packages/core/src/mail-queue), one per mail destination (`scope`: "ses", or
   * a local outbox directory's hash, so test files sharing a table keep their own): a delivery waiting
   * for its sending slot, by lane, spread over partitions by id, oldest first in each (sk starts with
   * the enqueue time).
   */
  mailQueued: (scope: string, lane: string, partition: number, enqueuedAt: number, id: string) => ({
    pk: `MAILQ#${scope}#${lane}#${partition}`,
    sk: `${String(enqueuedAt).padStart(15, "0")}#${id}`,
  }),
  mailQueuePartition: (scope: string, lane: string, partition: number) => `MAILQ#${scope}#${lane}#${partition}`,
  /** The confirmations lane's counters: how many were queued (sharded) and left, so a signer is told when to expect theirs (mail-queue/backlog.ts). */
  mailBacklog: (scope: string, counter: string) => ({ pk: `MAILQSTAT#${scope}#${counter}`, sk: "COUNT" }),
  /** The one drainer's lease: only its holder sends from the queue, so the pace holds account-wide. */
  mailQueueLease: (scope: string) => ({ pk: `MAILQLEASE#${scope}`, sk: "LEASE" }),
  /** The account's sending budget for one UTC day (packages/core/src/mail/budget.ts): written once per e-mail sent, by every sender. */
  mailBudget: (scope: string, day: string) => ({ pk: `MAILBUDGET#${scope}`, sk: day }),
  /** The feedback breaker's state (mail/breaker.ts): open or not, and its count's epoch. */
  mailBreaker: (scope: string) => ({ pk: `MAILBREAKER#${scope}`, sk: "state" }),
  /** An hour's outcomes of visitor mail, in one of the breaker's count shards (mail/breaker.ts HEALTH_SHARDS). */
  mailHealth: (scope: string, epoch: number, shard: number, hour: string) => ({ pk: `MAILHEALTH#${scope}#${epoch}#${shard}`, sk: hour }),
  /** Visitor-addressed e-mails to one recipient domain in an hour (mail/domain-brake.ts). */
  mailDomainHour: (domain: string, hour: string) => ({ pk: `MAILDOMAIN#${domain}`, sk: `H#${hour}` }),
  /** An administrator allowed this domain: its mail is never braked. */
  mailDomainAllowed: (domain: string) => ({ pk: `MAILDOMAIN#${domain}`, sk: "ALLOWED" }),
  /** An e-mail held by the domain brake, waiting for an administrator. */
  mailHeld: (domain: string, id: string) => ({ pk: `MAILHELD#${domain}`, sk: id }),
  /** A domain with held mail, as the console lists them (one partition: a handful of domains at most). */
  mailHeldDomain: (domain: string) => ({ pk: "MAILHELDDOMAINS", sk: domain }),
  /** An administrators' digest being gathered for a petition during a surge (written by the drainer only). */
  mailDigest: (scope: string, petitionId: string) => ({ pk: `MAILDIGEST#${scope}`, sk: petitionId }),
  /** The administrators' notices of one kind (reports, guide requests) in one UTC hour (mail/notice-digest.ts). */
  noticeHour: (kind: string, hourStart: number) => ({ pk: "NOTICEHOUR", sk: `${kind}#${hourStart}` }),
  noticeHourPartition: "NOTICEHOUR",
  mailDigestPartition: (scope: string) => `MAILDIGEST#${scope}`,
  /** An address SES reported as undeliverable or complaining (packages/core/src/suppression), by the person's kept (keyed) hash: never mailed again. */
  suppression: (keptHash: string) => ({ pk: `SUPPRESS#${keptHash}`, sk: "SUPPRESSION" }),
  /** The console's list of suppressed addresses, newest first: written at the rate of bounces and complaints, never by signers. */
  suppressionList: (at: string, keptHash: string) => ({ gsi1pk: "SUPPRESSIONS", gsi1sk: `${at}#${keptHash}` }),
  suppressionListPartition: "SUPPRESSIONS",
  /** At most one visitor-triggered e-mail per recipient per 24 h: the claim, keyed by a hash of the normalised address. */
  mailCap: (addressHash: string) => ({ pk: `MAILCAP#${addressHash}`, sk: "MAILCAP" }),
  /** A data-deletion request: status, times and counts, a hash of the address (the address itself only while confirmed and not yet done). */
  privacyRequest: (id: string) => ({ pk: `PRIVACYREQ#${id}`, sk: "REQUEST" }),
  /** A deletion link's token, keyed by its SHA-256 (never the token): the address and request, for 24 h. */
  privacyToken: (tokenHash: string) => ({ pk: `PRIVACYTOKEN#${tokenHash}`, sk: "PRIVACYTOKEN" }),
  /** A privacy link that could not be sent when asked for: it waits here until the scheduled drain sends it (privacy/requests.ts). */
  privacyLinkDue: (requestId: string) => ({ pk: "PRIVACYLINKDUE", sk: requestId }),
  privacyLinksDuePartition: () => "PRIVACYLINKDUE",
  /** Deletion links sent to one address (by the hash of the address) in one day: the silent per-address limit. */
  privacyAddressDay: (personHash: string, day: string) => ({ pk: `PRIVACYLIMIT#${personHash}`, sk: day }),
  /** Admin index of deletion requests (privacy/index-item.ts): one compact row per request, INDEX_BUCKETS partitions. */
  privacyIndex: (bucket: number, id: string) => ({ pk: `PRIVIDX#${bucket}`, sk: id }),
  privacyIndexPartition: (bucket: number) => `PRIVIDX#${bucket}`,
  privacyIndexPart: "PRIVIDX",
  /**
   * A name-search partition (collection/name-index.ts): an index's part without its bucket, the first
   * two folded characters of a name key, and a shard of the row's id (`SIGIDX#<petition>#ma#3`).
   */
  nameSearchPartition: (indexPart: string, start: string, shard: number) => `${indexPart}#${start}#${shard}`,
  /** The requests made on one UTC day (`2026-11-26`), by stored status (privacy/counts.ts): the count cards sum the days still kept. */
  privacyCountDay: (day: string) => ({ pk: "PRIVACY", sk: `COUNT#${day}` }),
  privacyCountPartition: "PRIVACY",
  /** The sort-key range of the days from `day` on. */
  privacyCountDaysFrom: (day: string) => [`COUNT#${day}`, "COUNT#~"] as const,
  /** A long-running job (e.g. a spreadsheet sync) started by an administrator: status and progress. */
  job: (id: string) => ({ pk: `JOB#${id}`, sk: "JOB" }),
  /** Site analytics (packages/core/src/analytics): a raw hit, in partitions by New York day and shard; sk `P#` page views, `E#` events. */
  analyticsEventPartition: (day: string, shard: number) => `ANEV#${day}#${shard}`,
  analyticsEvent: (day: string, shard: number, kind: "P" | "E", id: string) => ({ pk: `ANEV#${day}#${shard}`, sk: `${kind}#${id}` }),
  /** The counters of one bucket ("H" hour "2025-06-01T14" UTC, "D" New York day "2025-06-01") and shard: sk `CORE` or `V#<dimension>#<value>`. */
  analyticsBucketPartition: (granularity: "H" | "D", bucket: string, shard: number) => `ANAGG#${granularity}#${bucket}#${shard}`,
  /** A visitor seen on a New York day (only the salted hash): the day's unique count's marker. */
  analyticsVisit: (day: string, visitorId: string) => ({ pk: `ANVISIT#${day}#${visitorId}`, sk: "VISIT" }),
  /** The day's visitor salt: never with events, destroyed after its day. */
  analyticsSalt: (day: string) => ({ pk: "ANSALT", sk: day }),
  /**
   * A kind made by defineKind (kinds/define.ts), by its name: a record (`REC#<kind>#<id>`), its admin
   * index rows (INDEX_BUCKETS partitions `RECIDX#<kind>#<bucket>`) and its count shards (`RECS#<kind>`).
   */
  kindRecord: (kind: string, id: string) => ({ pk: `REC#${kind}#${id}`, sk: "REC" }),
  kindRecordOf: (kind: string, key: { pk: string; sk: string }): string | undefined =>
    key.sk === "REC" && key.pk.startsWith(`REC#${kind}#`) ? key.pk.slice(`REC#${kind}#`.length) : undefined,
  kindIndexPartition: (kind: string, bucket: number) => `RECIDX#${kind}#${bucket}`,
  kindIndexPart: (kind: string) => `RECIDX#${kind}`,
  kindCountPartition: (kind: string) => `RECS#${kind}`,
  kindCountShard: (kind: string, shard: number) => ({ pk: `RECS#${kind}`, sk: `COUNT#${shard}` }),
};

/**
 * Outbox partitions: a burst of events spreads over them; the sweeper queries each. Each event costs
 * its partition 3 write units (a transactional put, then the acknowledgement's delete) and a signature
 * brings ~1.3 events (its own, and a subscriber's confirmation for those who consent): 128 partitions
 * keep a partition well under a counter shard's share at 10,000 signatures/s (docs/architecture.md "Capacity").
 */
export const OUTBOX_PARTITIONS = 128;
const outboxPartition = (n: number) => `OUTBOX#${n}`;

/** 32-bit FNV-1a of a string: a cheap, stable spread of ids over partitions. */
export function fnv1a(value: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    hash ^= value.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Partitions of an admin index per part (queried in parallel): reports, guide requests, subscribers, privacy requests. */
export const INDEX_BUCKETS = 16;

/**
 * Partitions of the admin signature index per petition, and of gsi1's list of every signature: each
 * signature writes one row to one of them (2 write units in the signing transaction), so 32 of them
 * take 16,000 signatures/s before one reaches a partition's 1,000 write units/s.
 */
export const SIGNATURE_INDEX_BUCKETS = 32;
export const SIGNATURE_LIST_BUCKETS = 32;

/**
 * Partitions of the subscribers' admin index: every subscriber change writes a row in one of them
 * (2 write units in its transaction), and signers who consent subscribe at the signing rate (twice:
 * the consent, then the confirmation e-mail's claim). 64 take 32,000 changes/s.
 */
export const NEWSLETTER_INDEX_BUCKETS = 64;

/**
 * Shards of the subscribers' counters: a change of status, sources or existence (a new subscriber, a
 * confirmation; not the confirmation e-mail's claim) adds to one of them in its transaction. At
 * 10,000 signatures/s, 30 % consenting, 16 take ~190 changes/s each (2 write units apiece).
 */
export const NEWSLETTER_COUNT_SHARDS = 16;

/** Epoch seconds for the table's TTL attribute `expiresAt`. */
export const expiresIn = (seconds: number) => Math.floor(Date.now() / 1000) + seconds;
