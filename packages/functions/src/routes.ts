/**
 * The one route table. The Api and AdminApi stacks (deployed) and the local server are all generated from it,
 * so they cannot drift. `handler` uses SST's "<file without extension>.<export>" form, relative to
 * the repository root.
 */
import { ERASURE_NEEDS, type Needs } from "./needs";

export type Access = "public" | "admin";
export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface Route {
  method: Method;
  /** API Gateway v2 path, with `{param}` placeholders. */
  path: string;
  handler: string;
  access: Access;
  /** What the handler uses; the stacks grant exactly this (packages/functions/src/needs.ts). */
  needs: Needs;
  /** Lambda timeout in seconds when the default (10) is too short; API Gateway waits at most 30. */
  timeout?: number;
  /**
   * High-volume and fire-and-forget (the analytics beacon): its own, higher throttle and no reserved
   * concurrency, instead of the public write routes' tight limits (stacks/Api.ts).
   */
  beacon?: true;
  /**
   * The route a viral petition floods (signing): its own throttle, reserved concurrency and memory,
   * sized for 10,000 requests/s (stacks/deploy-settings.ts, docs/architecture.md "Capacity").
   */
  surge?: true;
  /**
   * A public form few visitors use (withdrawals, privacy requests, a report's status, a company's
   * correction): a smaller reserved concurrency than the busy forms' (PUBLIC_QUIET_RESERVED_CONCURRENCY),
   * so every form keeps a cap without the reservations outgrowing the account's quota.
   */
  quiet?: true;
}

const fn = (file: string) => `packages/functions/src/http/${file}.handler`;

export const routes: Route[] = [
  { method: "GET", path: "/api/health", handler: fn("health"), access: "public", needs: {} },
  {
    method: "GET",
    path: "/api/config",
    handler: fn("config"),
    access: "public",
    needs: { userPool: "ids", settings: ["DEFAULT_PETITION_ID", "CAPTCHA_SITE_KEY"] },
  },
  { method: "GET", path: "/api/petitions/{id}", handler: fn("petition-get"), access: "public", needs: { table: "read" } },
  // A petition's public count with its counts by state and by country: documented (docs/public-api.md), open to every site (CORS), cached at the edge a minute.
  { method: "GET", path: "/api/public/petitions/{id}", handler: fn("public-petition-get"), access: "public", needs: { table: "read", settings: ["SITE_URL"] } },
  {
    method: "POST",
    path: "/api/petitions/{id}/signatures",
    handler: fn("signature-create"),
    access: "public",
    surge: true,
    needs: { table: "write", bus: true, viewer: true, secrets: ["CAPTCHA_SECRET"], settings: ["SIGN_RATE_LIMIT_PER_MINUTE", "CAPTCHA_MIN_SCORE"] },
  },
  // The withdraw link of a signer's e-mails (signature/withdraw-link.ts): the signature leaves, its count drops by one.
  {
    method: "POST",
    path: "/api/petitions/{id}/signatures/{signatureId}/withdraw",
    quiet: true,
    handler: fn("signature-withdraw"),
    access: "public",
    // the withdrawal is audited under the signer's keyed hash (AUDIT_HASH_KEY)
    needs: { table: "write", bus: true, viewer: true, secrets: ["LINK_SIGNING_SECRET", "AUDIT_HASH_KEY"], settings: ["PRIVACY_RATE_LIMIT_PER_MINUTE"] },
  },
  // The withdraw page without a token (the thank-you e-mail's link): e-mails a fresh withdraw link to the address that signed.
  {
    method: "POST",
    path: "/api/petitions/{id}/signatures/{signatureId}/withdraw-link",
    quiet: true,
    handler: fn("signature-withdraw-link"),
    access: "public",
    needs: { table: "write", mail: true, viewer: true, secrets: ["LINK_SIGNING_SECRET", "MAIL_FROM"], settings: ["SITE_URL", "PRIVACY_RATE_LIMIT_PER_MINUTE"] },
  },
  // Leaving one petition's updates: the link of an update e-mail and its RFC 8058 one-click header (signature/updates-link.ts).
  {
    method: "POST",
    path: "/api/petitions/{id}/signatures/{signatureId}/updates/unsubscribe",
    quiet: true,
    handler: fn("signature-updates-stop"),
    access: "public",
    needs: { table: "write", secrets: ["LINK_SIGNING_SECRET"] },
  },
  // The confirmation link of a pending signature (petitions that verify signatures).
  {
    method: "POST",
    path: "/api/petitions/{id}/signatures/{signatureId}/confirm",
    handler: fn("signature-confirm"),
    access: "public",
    needs: { table: "write", bus: true, viewer: true, settings: ["SIGN_RATE_LIMIT_PER_MINUTE"] },
  },
  // Evidence for a scam report: a presigned POST straight to the private bucket, then the report that claims it.
  {
    method: "POST",
    path: "/api/reports/uploads",
    handler: fn("report-upload"),
    access: "public",
    needs: { table: "write", bucket: "write", viewer: true, settings: ["UPLOAD_RATE_LIMIT_PER_MINUTE"] },
  },
  {
    method: "POST",
    path: "/api/reports",
    handler: fn("report-create"),
    access: "public",
    needs: {
      table: "write",
      bucket: "write",
      bus: true,
      viewer: true,
      secrets: ["CAPTCHA_SECRET"],
      settings: ["REPORT_RATE_LIMIT_PER_MINUTE", "CAPTCHA_MIN_SCORE"],
    },
  },
  // A free-guide form: `{form}` is checklist, where-scams-thrive, before-you-sign or spotting-exit-scams.
  {
    method: "POST",
    path: "/api/leads/{form}",
    handler: fn("lead-create"),
    access: "public",
    needs: { table: "write", bus: true, viewer: true, secrets: ["CAPTCHA_SECRET"], settings: ["LEAD_RATE_LIMIT_PER_MINUTE", "CAPTCHA_MIN_SCORE"] },
  },
  // The newsletter's confirmation link: the token from the e-mail.
  {
    method: "POST",
    path: "/api/newsletter/confirm",
    handler: fn("newsletter-confirm"),
    access: "public",
    // a signer's offer taken asks the suppression list, keyed by the person's kept hash (AUDIT_HASH_KEY)
    needs: { table: "write", bus: true, viewer: true, secrets: ["AUDIT_HASH_KEY"], settings: ["NEWSLETTER_CONFIRM_RATE_LIMIT_PER_MINUTE"] },
  },
  // Leaving: the unsubscribe page and the RFC 8058 one-click POST of the List-Unsubscribe header; coming back.
  { method: "POST", path: "/api/newsletter/unsubscribe", handler: fn("newsletter-unsubscribe"), access: "public", needs: { table: "write" } },
  {
    method: "POST",
    path: "/api/newsletter/resubscribe",
    quiet: true,
    handler: fn("newsletter-resubscribe"),
    access: "public",
    needs: { table: "write", bus: true, viewer: true, settings: ["NEWSLETTER_CONFIRM_RATE_LIMIT_PER_MINUTE"] },
  },
  // The reporter follows their report (core/report-status): a link asked for with the reference and the address (the same
  // answer whatever they name), the status the link shows, and leaving the case's status e-mails (the page and RFC 8058 one-click).
  {
    method: "POST",
    path: "/api/report-status/link",
    quiet: true,
    handler: fn("report-status-link"),
    access: "public",
    needs: { table: "write", bus: true, viewer: true, settings: ["PRIVACY_RATE_LIMIT_PER_MINUTE"] },
  },
  {
    method: "GET",
    path: "/api/report-status/{token}",
    handler: fn("report-status-get"),
    access: "public",
    needs: { table: "read" },
  },
  {
    method: "POST",
    path: "/api/report-status/unsubscribe",
    quiet: true,
    handler: fn("report-status-unsubscribe"),
    access: "public",
    needs: { table: "write", secrets: ["LINK_SIGNING_SECRET"] },
  },
  // Site analytics: the beacon's hits; SITE_URL tells the site's own referrers apart; a network's hits beyond its limit are dropped.
  {
    method: "POST",
    path: "/api/events",
    handler: fn("analytics-event"),
    access: "public",
    beacon: true,
    needs: { table: "write", viewer: true, settings: ["SITE_URL", "BEACON_RATE_LIMIT_PER_MINUTE"] },
  },
  // A person's data: the deletion page's request e-mails a link; the link's token shows, downloads and erases every record holding the address.
  {
    method: "POST",
    path: "/api/privacy/requests",
    quiet: true,
    handler: fn("privacy-request"),
    access: "public",
    needs: {
      table: "write",
      mail: true,
      viewer: true,
      secrets: ["CAPTCHA_SECRET", "MAIL_FROM"],
      settings: ["SITE_URL", "PRIVACY_RATE_LIMIT_PER_MINUTE", "CAPTCHA_MIN_SCORE"],
    },
  },
  {
    method: "POST",
    path: "/api/privacy/records",
    quiet: true,
    handler: fn("privacy-records"),
    access: "public",
    // whether our mail to the address stopped: the suppression list, by the person's kept hash (AUDIT_HASH_KEY)
    needs: { table: "write", viewer: true, secrets: ["AUDIT_HASH_KEY"], settings: ["PRIVACY_RATE_LIMIT_PER_MINUTE"] },
  },
  // A download larger than a response may be is written to the bucket (privacy-downloads/) and answered
  // with a presigned GET, signed with this function's role: it puts the file and must be able to read it.
  {
    method: "POST",
    path: "/api/privacy/export",
    quiet: true,
    handler: fn("privacy-export"),
    access: "public",
    needs: { table: "write", bucket: "write", viewer: true, secrets: ["AUDIT_HASH_KEY"], settings: ["PRIVACY_RATE_LIMIT_PER_MINUTE"] },
  },
  {
    method: "POST",
    path: "/api/privacy/erase",
    quiet: true,
    handler: fn("privacy-erase"),
    access: "public",
    needs: { ...ERASURE_NEEDS, viewer: true, settings: [...(ERASURE_NEEDS.settings ?? []), "PRIVACY_RATE_LIMIT_PER_MINUTE"] },
    timeout: 29,
  },
  // An erasure run as a job (more than Privacy.ERASE_IN_JOB_ABOVE records): its page polls its progress with the status token.
  { method: "POST", path: "/api/privacy/erase/status", quiet: true, handler: fn("privacy-erasure-status"), access: "public", needs: { table: "read" } },
  // The administrators' view of deletion requests: counts by status, then the list.
  { method: "GET", path: "/api/admin/privacy/summary", handler: fn("admin-privacy-summary"), access: "admin", needs: { table: "read" } },
  // a whole address searched is hashed as the requests keep the person (AUDIT_HASH_KEY)
  {
    method: "GET",
    path: "/api/admin/privacy/requests",
    handler: fn("admin-privacy-list"),
    access: "admin",
    needs: { table: "read", secrets: ["AUDIT_HASH_KEY"] },
  },
  // The administrators' subscriber list: counts, list, export, then one subscriber, named by `{email}` in the body: no
  // route takes an address in its path, which the API's access log keeps (routes.test.ts).
  { method: "GET", path: "/api/admin/newsletter/summary", handler: fn("admin-newsletter-summary"), access: "admin", needs: { table: "read" } },
  { method: "GET", path: "/api/admin/newsletter/subscribers", handler: fn("admin-newsletter-list"), access: "admin", needs: { table: "read" } },
  {
    method: "GET",
    path: "/api/admin/newsletter/subscribers/export",
    handler: fn("admin-newsletter-export"),
    access: "admin",
    needs: { table: "write", userPool: "read" },
  },
  {
    method: "POST",
    path: "/api/admin/newsletter/subscribers/unsubscribe",
    handler: fn("admin-newsletter-unsubscribe"),
    access: "admin",
    needs: { table: "write", userPool: "read", secrets: ["AUDIT_HASH_KEY"] },
  },
  {
    method: "POST",
    path: "/api/admin/newsletter/subscribers/delete",
    handler: fn("admin-newsletter-delete"),
    access: "admin",
    needs: { table: "write", userPool: "read", secrets: ["AUDIT_HASH_KEY"] },
  },
  // Newsletter issues: history, drafts, preview and test, then sending (a job; the newsletter-issue-batch subscriber sends). Fixed paths before `{id}`.
  // The suppression list: addresses SES reported as bounced or complaining, by the person's kept hash (keyed
  // with AUDIT_HASH_KEY, which an address typed into the list's search needs; in a POST body when lifting one: the
  // access log keeps paths). Lifting takes the hash the list shows, and the audit names the person by it: no key.
  {
    method: "GET",
    path: "/api/admin/mail/suppressions",
    handler: fn("admin-mail-suppression-list"),
    access: "admin",
    needs: { table: "read", secrets: ["AUDIT_HASH_KEY"] },
  },
  {
    method: "POST",
    path: "/api/admin/mail/suppressions/lift",
    handler: fn("admin-mail-suppression-lift"),
    access: "admin",
    needs: { table: "write", userPool: "read" },
  },
  // The health panel (core/health, core/dead-letters): dead letters, the mail queue and budget, the last sheet syncs; an administrator re-drives a dead letter.
  { method: "GET", path: "/api/admin/health", handler: fn("admin-health-get"), access: "admin", needs: { table: "read" } },
  {
    method: "POST",
    path: "/api/admin/health/dead-letters/{id}/redrive",
    handler: fn("admin-dead-letter-redrive"),
    access: "admin",
    needs: { table: "write", userPool: "read", bus: true },
  },
  // The feedback breaker (core/mail/breaker.ts): whether visitor e-mail is paused and why; an administrator resumes it.
  { method: "GET", path: "/api/admin/mail/breaker", handler: fn("admin-mail-breaker-get"), access: "admin", needs: { table: "read" } },
  {
    method: "POST",
    path: "/api/admin/mail/breaker/resume",
    handler: fn("admin-mail-breaker-resume"),
    access: "admin",
    needs: { table: "write", userPool: "read" },
  },
  // The domain brake (core/mail/domain-brake.ts): the domains whose visitor e-mail waits; an administrator allows one (its mail goes) or discards it.
  { method: "GET", path: "/api/admin/mail/held", handler: fn("admin-mail-held-list"), access: "admin", needs: { table: "read" } },
  {
    method: "POST",
    path: "/api/admin/mail/held/release",
    handler: fn("admin-mail-held-release"),
    access: "admin",
    needs: { table: "write", userPool: "read", mail: true, secrets: ["MAIL_FROM"] },
  },
  {
    method: "POST",
    path: "/api/admin/mail/held/discard",
    handler: fn("admin-mail-held-discard"),
    access: "admin",
    needs: { table: "write", userPool: "read" },
  },
  { method: "GET", path: "/api/admin/newsletter/issues", handler: fn("admin-newsletter-issue-list"), access: "admin", needs: { table: "read" } },
  {
    method: "POST",
    path: "/api/admin/newsletter/issues",
    handler: fn("admin-newsletter-issue-create"),
    access: "admin",
    needs: { table: "write", userPool: "read" },
  },
  { method: "GET", path: "/api/admin/newsletter/issues/audience", handler: fn("admin-newsletter-issue-audience"), access: "admin", needs: { table: "read" } },
  {
    method: "POST",
    path: "/api/admin/newsletter/issues/preview",
    handler: fn("admin-newsletter-issue-preview"),
    access: "admin",
    needs: { settings: ["SITE_URL"] },
  },
  {
    method: "POST",
    path: "/api/admin/newsletter/issues/test",
    handler: fn("admin-newsletter-issue-test"),
    access: "admin",
    needs: { table: "write", userPool: "read", mail: true, secrets: ["MAIL_FROM"] },
  },
  { method: "GET", path: "/api/admin/newsletter/issues/{id}", handler: fn("admin-newsletter-issue-get"), access: "admin", needs: { table: "read" } },
  {
    method: "PUT",
    path: "/api/admin/newsletter/issues/{id}",
    handler: fn("admin-newsletter-issue-update"),
    access: "admin",
    needs: { table: "write", userPool: "read" },
  },
  {
    method: "DELETE",
    path: "/api/admin/newsletter/issues/{id}",
    handler: fn("admin-newsletter-issue-delete"),
    access: "admin",
    needs: { table: "write", userPool: "read" },
  },
  {
    method: "POST",
    path: "/api/admin/newsletter/issues/{id}/send",
    handler: fn("admin-newsletter-issue-send"),
    access: "admin",
    needs: { table: "write", bus: true, userPool: "read" },
  },
  {
    method: "POST",
    path: "/api/admin/newsletter/issues/{id}/resume",
    handler: fn("admin-newsletter-issue-resume"),
    access: "admin",
    needs: { table: "write", bus: true, userPool: "read" },
  },
  {
    method: "GET",
    path: "/api/signatures/count",
    handler: fn("signature-count"),
    access: "public",
    needs: { table: "read", settings: ["DEFAULT_PETITION_ID"] },
  },
  { method: "GET", path: "/api/admin/petitions", handler: fn("admin-petition-list"), access: "admin", needs: { table: "read" } },
  { method: "POST", path: "/api/admin/petitions", handler: fn("admin-petition-create"), access: "admin", needs: { table: "write" } },
  { method: "PATCH", path: "/api/admin/petitions/{id}", handler: fn("admin-petition-update"), access: "admin", needs: { table: "write", userPool: "read" } },
  {
    method: "DELETE",
    path: "/api/admin/petitions/{id}",
    handler: fn("admin-petition-delete"),
    access: "admin",
    needs: { table: "write", bus: true, userPool: "read" },
  },
  // The delivery pack for lawmakers: a PDF made by the delivery-pack-job subscriber (202 {jobId}), downloaded like an export.
  {
    method: "POST",
    path: "/api/admin/petitions/{id}/delivery-pack",
    handler: fn("admin-delivery-pack-start"),
    access: "admin",
    needs: { table: "write", bus: true, userPool: "read" },
  },
  // A petition's updates to the signers who asked: milestones (sent by the petition-milestones schedule) and the outcome an administrator writes, once.
  { method: "GET", path: "/api/admin/petitions/{id}/updates", handler: fn("admin-petition-updates-list"), access: "admin", needs: { table: "read" } },
  {
    method: "POST",
    path: "/api/admin/petitions/{id}/updates/outcome",
    handler: fn("admin-petition-outcome-send"),
    access: "admin",
    needs: { table: "write", bus: true, userPool: "read" },
  },
  {
    method: "POST",
    path: "/api/admin/petitions/{id}/updates/{updateId}/resume",
    handler: fn("admin-petition-update-resume"),
    access: "admin",
    needs: { table: "write", bus: true, userPool: "read" },
  },
  { method: "GET", path: "/api/admin/signatures", handler: fn("admin-signature-list"), access: "admin", needs: { table: "read" } },
  { method: "GET", path: "/api/admin/signatures/export", handler: fn("admin-signature-export"), access: "admin", needs: { table: "write", userPool: "read" } },
  {
    method: "POST",
    path: "/api/admin/signatures/delete-all",
    handler: fn("admin-signature-delete-all"),
    access: "admin",
    needs: { table: "write", bus: true, userPool: "read" },
  },
  { method: "GET", path: "/api/admin/petitions/{id}/signatures/{signatureId}", handler: fn("admin-signature-get"), access: "admin", needs: { table: "read" } },
  {
    method: "DELETE",
    path: "/api/admin/petitions/{id}/signatures/{signatureId}",
    handler: fn("admin-signature-delete"),
    access: "admin",
    needs: { table: "write", bus: true, userPool: "read" },
  },
  // Starts the sync as a job (202 {jobId}); the sheets-sync-job subscriber runs it with the Google secrets.
  {
    method: "POST",
    path: "/api/admin/sheets/signatures",
    handler: fn("admin-sheets-sync-signatures"),
    access: "admin",
    needs: { table: "write", bus: true, userPool: "read" },
  },
  // Scam reports. The fixed paths come before `{id}`: the local server takes the first match, as API Gateway prefers them.
  { method: "GET", path: "/api/admin/reports", handler: fn("admin-report-list"), access: "admin", needs: { table: "read" } },
  { method: "GET", path: "/api/admin/reports/export", handler: fn("admin-report-export"), access: "admin", needs: { table: "write", userPool: "read" } },
  {
    method: "POST",
    path: "/api/admin/reports/delete-all",
    handler: fn("admin-report-delete-all"),
    access: "admin",
    needs: { table: "write", bus: true, bucket: "write", userPool: "read" },
  },
  // Words inside the reports' stories are in no index: a job (202 {jobId}) run by the report-text-search-job subscriber.
  {
    method: "POST",
    path: "/api/admin/reports/text-searches",
    handler: fn("admin-report-text-search-start"),
    access: "admin",
    needs: { table: "write", bus: true, userPool: "read" },
  },
  { method: "GET", path: "/api/admin/reports/{id}", handler: fn("admin-report-get"), access: "admin", needs: { table: "read", bucket: "read" } },
  // One file's download link, made only once its malware scan found it clean (409 with why otherwise).
  {
    method: "GET",
    path: "/api/admin/reports/{id}/evidence/{purpose}",
    handler: fn("admin-report-evidence-download"),
    access: "admin",
    needs: { table: "read", bucket: "read" },
  },
  { method: "PATCH", path: "/api/admin/reports/{id}", handler: fn("admin-report-update"), access: "admin", needs: { table: "write", userPool: "read" } },
  {
    method: "DELETE",
    path: "/api/admin/reports/{id}",
    handler: fn("admin-report-delete"),
    access: "admin",
    needs: { table: "write", bus: true, bucket: "write", userPool: "read" },
  },
  {
    method: "POST",
    path: "/api/admin/sheets/reports",
    handler: fn("admin-sheets-sync-reports"),
    access: "admin",
    needs: { table: "write", bus: true, userPool: "read" },
  },
  // Scam cases (core/cases): the list, one case with its reports and timeline, its changes (each audited, on its timeline), and the proposed links.
  { method: "GET", path: "/api/admin/cases", handler: fn("admin-case-list"), access: "admin", needs: { table: "read" } },
  { method: "GET", path: "/api/admin/cases/{id}", handler: fn("admin-case-get"), access: "admin", needs: { table: "read" } },
  // a status change publishes case.status-changed (the reporters' e-mails)
  { method: "PATCH", path: "/api/admin/cases/{id}", handler: fn("admin-case-update"), access: "admin", needs: { table: "write", bus: true, userPool: "read" } },
  { method: "POST", path: "/api/admin/cases/{id}/notes", handler: fn("admin-case-note"), access: "admin", needs: { table: "write", userPool: "read" } },
  // a merge, a split and a confirmation move reports in groups and recount: up to API Gateway's 30 s
  {
    method: "POST",
    path: "/api/admin/cases/{id}/merge",
    handler: fn("admin-case-merge"),
    access: "admin",
    needs: { table: "write", userPool: "read" },
    timeout: 29,
  },
  {
    method: "POST",
    path: "/api/admin/cases/{id}/split",
    handler: fn("admin-case-split"),
    access: "admin",
    needs: { table: "write", userPool: "read" },
    timeout: 29,
  },
  { method: "GET", path: "/api/admin/case-proposals", handler: fn("admin-case-proposals"), access: "admin", needs: { table: "read" } },
  {
    method: "POST",
    path: "/api/admin/case-proposals/{id}/confirm",
    handler: fn("admin-case-proposal-confirm"),
    access: "admin",
    needs: { table: "write", userPool: "read" },
    timeout: 29,
  },
  {
    method: "POST",
    path: "/api/admin/case-proposals/{id}/dismiss",
    handler: fn("admin-case-proposal-dismiss"),
    access: "admin",
    needs: { table: "write", userPool: "read" },
  },
  // Free-guide submissions: the /admin/forms cards, then each form's list. Fixed paths before `{id}`.
  { method: "GET", path: "/api/admin/leads", handler: fn("admin-lead-summary"), access: "admin", needs: { table: "read" } },
  { method: "GET", path: "/api/admin/leads/{form}", handler: fn("admin-lead-list"), access: "admin", needs: { table: "read" } },
  { method: "GET", path: "/api/admin/leads/{form}/export", handler: fn("admin-lead-export"), access: "admin", needs: { table: "write", userPool: "read" } },
  {
    method: "POST",
    path: "/api/admin/leads/{form}/delete-all",
    handler: fn("admin-lead-delete-all"),
    access: "admin",
    needs: { table: "write", bus: true, userPool: "read" },
  },
  { method: "GET", path: "/api/admin/leads/{form}/{id}", handler: fn("admin-lead-get"), access: "admin", needs: { table: "read" } },
  {
    method: "DELETE",
    path: "/api/admin/leads/{form}/{id}",
    handler: fn("admin-lead-delete"),
    access: "admin",
    needs: { table: "write", bus: true, userPool: "read" },
  },
  {
    method: "POST",
    path: "/api/admin/sheets/leads/{form}",
    handler: fn("admin-sheets-sync-leads"),
    access: "admin",
    needs: { table: "write", bus: true, userPool: "read" },
  },
  // The kinds made by defineKind (packages/core/src/kinds) and registered (core/privacy/kinds.ts): `{kind}` is the kind's name.
  { method: "GET", path: "/api/admin/records", handler: fn("admin-record-kinds"), access: "admin", needs: {} },
  { method: "GET", path: "/api/admin/records/{kind}", handler: fn("admin-record-list"), access: "admin", needs: { table: "read" } },
  {
    method: "DELETE",
    path: "/api/admin/records/{kind}/{id}",
    handler: fn("admin-record-delete"),
    access: "admin",
    needs: { table: "write", bus: true, userPool: "read" },
  },
  { method: "GET", path: "/api/admin/jobs/{id}", handler: fn("admin-job-get"), access: "admin", needs: { table: "read" } },
  // Every "export all" is a job (202 {jobId}) run by the export-job subscriber; a finished one hands out a short-lived link to its file.
  { method: "POST", path: "/api/admin/exports", handler: fn("admin-export-start"), access: "admin", needs: { table: "write", bus: true, userPool: "read" } },
  // A case's pack for an authority (core/case-pack): a job writing its PDF and CSV; 202 {jobId}.
  {
    method: "POST",
    path: "/api/admin/cases/{id}/pack",
    handler: fn("admin-case-pack-start"),
    access: "admin",
    needs: { table: "write", bus: true, userPool: "read" },
  },
  { method: "GET", path: "/api/admin/jobs/{id}/download", handler: fn("admin-export-download"), access: "admin", needs: { table: "read", bucket: "read" } },
  {
    method: "POST",
    path: "/api/admin/test-email",
    handler: fn("admin-test-email"),
    access: "admin",
    needs: { table: "write", userPool: "read", mail: true, secrets: ["MAIL_FROM"] },
  },
  { method: "GET", path: "/api/admin/audit", handler: fn("admin-audit-list"), access: "admin", needs: { table: "read" } },
  // The analytics dashboard: the report from the aggregates, and the most recent page views.
  { method: "GET", path: "/api/admin/analytics", handler: fn("admin-analytics-report"), access: "admin", needs: { table: "read" } },
  { method: "GET", path: "/api/admin/analytics/recent", handler: fn("admin-analytics-recent"), access: "admin", needs: { table: "read" } },
  // Public scam alerts (core/alerts): the lookup by any spelling and the published list (`?q=`, `?cursor=`), one alert, both
  // documented and cached at the edge a minute (the lookup per `q` and `cursor`, stacks/Web.ts); the lookup counts itself (one write).
  {
    method: "GET",
    path: "/api/public/scam-alerts",
    handler: fn("public-scam-alert-list"),
    access: "public",
    needs: { table: "write", settings: ["SITE_URL"] },
  },
  {
    method: "GET",
    path: "/api/public/scam-alerts/{slug}",
    handler: fn("public-scam-alert-get"),
    access: "public",
    needs: { table: "read", settings: ["SITE_URL"] },
  },
  // A company asks for a correction of an alert: a personal record (alerts/corrections-kind.ts), rate limited and captcha'd as the other forms.
  {
    method: "POST",
    path: "/api/public/scam-alerts/{slug}/corrections",
    quiet: true,
    handler: fn("public-scam-alert-correction"),
    access: "public",
    needs: { table: "write", viewer: true, secrets: ["CAPTCHA_SECRET"], settings: ["REPORT_RATE_LIMIT_PER_MINUTE", "CAPTCHA_MIN_SCORE"] },
  },
  // The administrators' alerts: publish a case as one, the list, one with its correction requests, a change; the lookups' figures (the dashboard).
  {
    method: "POST",
    path: "/api/admin/cases/{id}/alert",
    handler: fn("admin-scam-alert-publish"),
    access: "admin",
    needs: { table: "write", userPool: "read", settings: ["SITE_URL"] },
  },
  { method: "GET", path: "/api/admin/scam-alerts", handler: fn("admin-scam-alert-list"), access: "admin", needs: { table: "read", settings: ["SITE_URL"] } },
  {
    method: "GET",
    path: "/api/admin/scam-alerts/{slug}",
    handler: fn("admin-scam-alert-get"),
    access: "admin",
    needs: { table: "read", settings: ["SITE_URL"] },
  },
  {
    method: "PATCH",
    path: "/api/admin/scam-alerts/{slug}",
    handler: fn("admin-scam-alert-update"),
    access: "admin",
    needs: { table: "write", userPool: "read", settings: ["SITE_URL"] },
  },
  { method: "GET", path: "/api/admin/scam-alert-lookups", handler: fn("admin-scam-alert-lookups"), access: "admin", needs: { table: "read" } },
  // Pages, not API: a petition's HTML with its share-card tags (CloudFront routes these paths here, stacks/Web.ts).
  { method: "GET", path: "/sign/{id}", handler: fn("petition-page"), access: "public", needs: { table: "read", settings: ["SITE_URL"] } },
  { method: "GET", path: "/share/{id}", handler: fn("petition-page"), access: "public", needs: { table: "read", settings: ["SITE_URL"] } },
  { method: "GET", path: "/thank-you/{id}", handler: fn("petition-page"), access: "public", needs: { table: "read", settings: ["SITE_URL"] } },
  // A published scam alert's page with its share-card tags and its data (alerts are data: none is prerendered), and their sitemap (robots.txt names it).
  { method: "GET", path: "/scam-alerts/{slug}", handler: fn("public-scam-alert-page"), access: "public", needs: { table: "read", settings: ["SITE_URL"] } },
  { method: "GET", path: "/sitemaps/{name}", handler: fn("public-scam-alert-sitemap"), access: "public", needs: { table: "read", settings: ["SITE_URL"] } },
];

/** A route that answers with a page of the site rather than under /api (served at the site's own path). */
export const isPageRoute = (r: Pick<Route, "path">) => !r.path.startsWith("/api/");

/** The CloudFront path pattern of a page route: "/sign/{id}" → "/sign/*". */
export const pagePathPattern = (r: Pick<Route, "path">) => `${r.path.slice(0, r.path.indexOf("{"))}*`;

/** "GET /api/petitions/{id}" — the key API Gateway uses for a route. */
export const routeKey = (r: Pick<Route, "method" | "path">) => `${r.method} ${r.path}`;

/** Anyone may call it and it writes: tighter API throttling and a concurrency cap (stacks/Api.ts). */
export const isPublicWrite = (r: Pick<Route, "method" | "access" | "beacon">) => r.access === "public" && r.method !== "GET" && !r.beacon;
