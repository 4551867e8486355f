/**
 * Every event subscriber. The Events stack makes one EventBridge rule per entry; the local
 * in-process bus calls the same handler modules. Each handler receives an EventBridge event
 * envelope ({ id, "detail-type", source, detail, time }).
 */
import { ERASURE_NEEDS, SHEET_SYNC_NEEDS, type Needs, type SecretName, type SettingName } from "./needs";

export interface Subscriber {
  /** Unique, kebab-case; used for rule names and idempotency keys. */
  name: string;
  /** The event's detail type, or several (one rule matches them all). */
  detailType: string | string[];
  /**
   * Who publishes it: this app (EVENT_SOURCE, on the app's bus) by default; `aws.ses` for SES's
   * sending events and `aws.guardduty` for the malware scans' results, which those services put on
   * the account's default bus.
   */
  source?: string;
  handler: string;
  /** What the handler uses; the stacks grant exactly this (packages/functions/src/needs.ts). */
  needs: Needs;
  /** Lambda timeout in seconds when the default (10) is too short. */
  timeout?: number;
  /**
   * Packages installed beside the bundle instead of bundled (SST's `nodejs.install`), at the version
   * packages/functions/package.json names: pdfkit reads its font metrics from its own files.
   */
  install?: string[];
}

const fn = (file: string) => `packages/functions/src/events/${file}.handler`;
/** E-mails: the sender is a secret, the site's address (links) a setting. */
const MAIL_SECRETS: SecretName[] = ["MAIL_FROM"];
// every sender of visitor mail brakes it per recipient domain (core/mail/domain-brake.ts)
const MAIL_SETTINGS: SettingName[] = ["SITE_URL", "MAIL_DOMAIN_ALLOWANCE_PER_HOUR", "MAIL_NETWORK_ALLOWANCE_PER_HOUR"];

/**
 * What a drain of the paced mail queue needs (packages/core/src/mail-queue): an enqueuer nudges it, and a
 * nudged drain may send any kind of queued e-mail (administrators' notices and digests too).
 */
export const MAIL_QUEUE_NEEDS: Needs = {
  table: "write",
  mail: true,
  // a signer's e-mails carry their signature's withdraw link (signature/withdraw-link.ts)
  secrets: ["ADMIN_NOTIFY_RECIPIENTS", "LINK_SIGNING_SECRET", ...MAIL_SECRETS],
  settings: [...MAIL_SETTINGS, "ADMIN_NOTICE_DIGEST_THRESHOLD", "ADMIN_NOTICE_DIGEST_SECONDS", "ADMIN_NOTICES_PER_HOUR"],
};

export { EVENT_SOURCE } from "../../core/src/bus/source";
import { EVENT_SOURCE } from "../../core/src/bus/source";
import { FEEDBACK_DETAIL_TYPES, SES_SOURCE } from "../../core/src/mail/ses-events";
import { GUARDDUTY_SOURCE, SCAN_RESULT_DETAIL_TYPE } from "../../core/src/evidence/scan-events";

/** The rule pattern's source and detail types of a subscriber. */
export const sourceOf = (s: Subscriber) => s.source ?? EVENT_SOURCE;
export const detailTypesOf = (s: Subscriber) => (Array.isArray(s.detailType) ? s.detailType : [s.detailType]);
/** Whether a delivered envelope is for this subscriber (the local bus's rule matching). */
export const subscribesTo = (s: Subscriber, envelope: { source: string; "detail-type": string }) =>
  sourceOf(s) === envelope.source && detailTypesOf(s).includes(envelope["detail-type"]);

export const subscribers: Subscriber[] = [
  // A new or confirmed signature's side effects follow from the table's stream (streams.ts); these are the rest of signing's.
  { name: "signature-repeated-email", detailType: "signature.repeated", handler: fn("signature-repeated-email"), needs: MAIL_QUEUE_NEEDS },
  // An outbox item of `signature.created` or `signature.verified` from before the stream, delivered after an upgrade.
  {
    name: "signature-legacy-event",
    detailType: ["signature.created", "signature.verified"],
    handler: fn("signature-legacy-event"),
    needs: { ...MAIL_QUEUE_NEEDS, bus: true },
  },
  {
    name: "signature-sheet-sync",
    detailType: "signature.sheet_sync_due",
    handler: fn("signature-sheet-sync"),
    needs: SHEET_SYNC_NEEDS,
    timeout: 900,
  },
  {
    name: "report-notify-admin",
    detailType: "report.created",
    handler: fn("report-notify-admin"),
    needs: { table: "write", mail: true, secrets: ["ADMIN_NOTIFY_RECIPIENTS", ...MAIL_SECRETS], settings: [...MAIL_SETTINGS, "ADMIN_NOTICES_PER_HOUR"] },
  },
  {
    name: "report-confirmation",
    detailType: "report.created",
    handler: fn("report-confirmation"),
    needs: { table: "write", mail: true, secrets: MAIL_SECRETS, settings: MAIL_SETTINGS },
  },
  // a consent asks the suppression list, keyed by the person's kept hash (AUDIT_HASH_KEY)
  {
    name: "report-newsletter",
    detailType: "report.created",
    handler: fn("report-newsletter"),
    needs: { table: "write", bus: true, secrets: ["AUDIT_HASH_KEY"] },
  },
  {
    name: "report-sheet-sync",
    detailType: "report.created",
    handler: fn("report-sheet-sync"),
    needs: SHEET_SYNC_NEEDS,
    timeout: 900,
  },
  // Scam cases (core/cases): a new report sharing an identifier with others is proposed with them; a removed one's case is recounted (and its alert).
  { name: "case-proposal", detailType: "report.created", handler: fn("case-proposal"), needs: { table: "write" }, timeout: 30 },
  { name: "case-report-removed", detailType: "report.removed", handler: fn("case-report-removed"), needs: { table: "write" }, timeout: 30 },
  {
    name: "lead-guide-email",
    detailType: "lead.created",
    handler: fn("lead-guide-email"),
    needs: { table: "write", mail: true, secrets: MAIL_SECRETS, settings: MAIL_SETTINGS },
  },
  {
    name: "lead-notify-admin",
    detailType: "lead.created",
    handler: fn("lead-notify-admin"),
    needs: { table: "write", mail: true, secrets: ["ADMIN_NOTIFY_RECIPIENTS", ...MAIL_SECRETS], settings: [...MAIL_SETTINGS, "ADMIN_NOTICES_PER_HOUR"] },
  },
  { name: "lead-newsletter", detailType: "lead.created", handler: fn("lead-newsletter"), needs: { table: "write", bus: true, secrets: ["AUDIT_HASH_KEY"] } },
  {
    name: "lead-sheet-sync",
    detailType: "lead.created",
    handler: fn("lead-sheet-sync"),
    needs: SHEET_SYNC_NEEDS,
    timeout: 900,
  },
  // The reporter follows their report (core/report-status): a status link asked for (queued only for a matching pair), and
  // the e-mails of a case's status change to its reporters who asked for updates; both through the paced mail queue.
  { name: "report-status-link-request", detailType: "report-status.link-requested", handler: fn("report-status-link-request"), needs: MAIL_QUEUE_NEEDS },
  { name: "report-status-case-changed", detailType: "case.status-changed", handler: fn("report-status-case-changed"), needs: MAIL_QUEUE_NEEDS },
  // The newsletter's double opt-in: every consent source above subscribes through Newsletter.subscribe.
  { name: "newsletter-confirmation", detailType: "newsletter.confirmation_requested", handler: fn("newsletter-confirmation"), needs: MAIL_QUEUE_NEEDS },
  {
    name: "newsletter-welcome",
    detailType: "newsletter.confirmed",
    handler: fn("newsletter-welcome"),
    needs: { table: "write", mail: true, secrets: MAIL_SECRETS, settings: MAIL_SETTINGS },
  },
  // One batch of a newsletter issue's send (POST /api/admin/newsletter/issues/{id}/send or /resume); records the next batch's event. Timeout = Issues.BATCH_TIMEOUT_MS.
  {
    name: "newsletter-issue-batch",
    detailType: "newsletter.issue_batch",
    handler: fn("newsletter-issue-batch"),
    needs: { table: "write", bus: true, mail: true, secrets: MAIL_SECRETS, settings: [...MAIL_SETTINGS, "NEWSLETTER_BATCH_SIZE"] },
    timeout: 300,
  },
  // One batch of a petition update's send (a milestone reached, or the outcome): the newsletter's machinery over the petition's signers who asked.
  {
    name: "petition-update-batch",
    detailType: "petition.update_batch",
    handler: fn("petition-update-batch"),
    // each e-mail carries its signer's withdraw and unsubscribe links (signature/withdraw-link.ts, updates-link.ts)
    needs: {
      table: "write",
      bus: true,
      mail: true,
      secrets: ["LINK_SIGNING_SECRET", ...MAIL_SECRETS],
      settings: [...MAIL_SETTINGS, "NEWSLETTER_BATCH_SIZE"],
    },
    timeout: 300,
  },
  // A person's erasure: runs one too large for its request as a job (progress in the request, runs of
  // Privacy.JOB_RUN_BUDGET_MS each), or finishes one its request could not; then rewrites the tabs that held their rows.
  {
    name: "privacy-erasure",
    detailType: "privacy.erasure_confirmed",
    handler: fn("privacy-erasure"),
    needs: ERASURE_NEEDS,
    timeout: 900,
  },
  {
    name: "sheets-resync",
    detailType: "sheets.rows_removed",
    handler: fn("sheets-resync"),
    needs: SHEET_SYNC_NEEDS,
    timeout: 900,
  },
  {
    name: "privacy-sheet-sync",
    detailType: "privacy.erased",
    handler: fn("privacy-sheet-sync"),
    needs: SHEET_SYNC_NEEDS,
    timeout: 900,
  },
  // SES's sending events: bounces and complaints fill the suppression list; deliveries count per newsletter issue.
  {
    name: "mail-feedback",
    source: SES_SOURCE,
    detailType: Object.values(FEEDBACK_DETAIL_TYPES),
    handler: fn("mail-feedback"),
    // the breaker's admin notice goes with `mail`
    needs: {
      table: "write",
      mailFeedback: true,
      mail: true,
      secrets: ["ADMIN_NOTIFY_RECIPIENTS", "MAIL_FROM"],
      settings: [
        "NEWSLETTER_PAUSE_BOUNCE_RATE",
        "NEWSLETTER_PAUSE_COMPLAINT_RATE",
        "MAIL_BREAKER_BOUNCE_RATE",
        "MAIL_BREAKER_COMPLAINT_RATE",
        "MAIL_BREAKER_MIN_SENDS",
      ],
    },
  },
  // GuardDuty's malware scan of each report file (its result on the account's default bus, this stage's bucket only): the verdict on the report.
  {
    name: "evidence-scan-result",
    source: GUARDDUTY_SOURCE,
    detailType: SCAN_RESULT_DETAIL_TYPE,
    handler: fn("evidence-scan-result"),
    // it reads the report and writes the verdict; it never opens the file, and GuardDuty's own tag quarantines it
    needs: { table: "write" },
  },
  // An administrator's export job (POST /api/admin/exports): the rows streamed into a file in the private bucket.
  {
    name: "export-job",
    detailType: "exports.requested",
    handler: fn("export-job"),
    needs: { table: "write", bucket: "write" },
    timeout: 900,
  },
  // A petition's delivery pack for lawmakers (POST /api/admin/petitions/{id}/delivery-pack): a PDF in the private bucket.
  {
    name: "delivery-pack-job",
    detailType: "petitions.delivery_pack_requested",
    handler: fn("delivery-pack-job"),
    needs: { table: "write", bucket: "write" },
    timeout: 900,
    install: ["pdfkit"],
  },
  // A case pack for an authority (POST /api/admin/cases/{id}/pack): a PDF and a CSV in the private bucket.
  {
    name: "case-pack-job",
    detailType: "cases.pack_requested",
    handler: fn("case-pack-job"),
    needs: { table: "write", bucket: "write" },
    timeout: 900,
    install: ["pdfkit"],
  },
  // An administrator's search of the text of every scam report (POST /api/admin/reports/text-searches): its matches kept in the job.
  {
    name: "report-text-search-job",
    detailType: "reports.text_search_requested",
    handler: fn("report-text-search-job"),
    needs: { table: "write" },
    timeout: 900,
  },
  // An administrator's "Sync to Sheet" job (POST /api/admin/sheets/signatures, /reports or /leads/{form}, by the job's kind); shares each tab's lock with the syncs above.
  {
    name: "sheets-sync-job",
    detailType: "sheets.sync_requested",
    handler: fn("sheets-sync-job"),
    needs: SHEET_SYNC_NEEDS,
    timeout: 900,
  },
];
