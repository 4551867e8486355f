/**
 * Every scheduled job. The Schedules stack makes one SST Cron per entry; `npm start` runs the same
 * handler modules on timers (scripts/local/schedules.ts); each is also runnable once by a script
 * (scripts/jobs/).
 */
import { SHEET_SYNC_NEEDS, type Needs } from "./needs";
import { MAIL_QUEUE_NEEDS } from "./subscribers";

export interface Schedule {
  /** Unique, kebab-case; used for construct names. */
  name: string;
  handler: string;
  everyMinutes: number;
  /** What the handler uses; the stacks grant exactly this (packages/functions/src/needs.ts). */
  needs: Needs;
  /** Lambda timeout in seconds when the default (10) is too short. */
  timeout?: number;
}

const job = (file: string) => `packages/functions/src/jobs/${file}.handler`;

export const schedules: Schedule[] = [
  // The paced mail queue (packages/core/src/mail-queue): sends for up to 45 s of each minute what nudges left.
  { name: "mail-queue-drain", handler: job("mail-queue-drain"), everyMinutes: 1, needs: MAIL_QUEUE_NEEDS, timeout: 60 },
  // Publishes again the events whose fast path was lost (packages/core/src/outbox).
  { name: "outbox-sweep", handler: job("outbox-sweep"), everyMinutes: 1, needs: { table: "read", bus: true }, timeout: 60 },
  // Reads each petition's count against its milestones; a milestone reached is claimed once and its e-mails sent by the petition-update-batch subscriber.
  { name: "petition-milestones", handler: job("petition-milestones"), everyMinutes: 1, needs: { table: "write", bus: true }, timeout: 60 },
  // Sums the analytics buckets that closed lately into one item each, for the dashboard's cold reads.
  { name: "analytics-summaries", handler: job("analytics-summaries"), everyMinutes: 60, needs: { table: "write" }, timeout: 60 },
  // The administrators' newsletter notice (spec template 18) as one daily digest of new confirmed subscribers.
  {
    name: "newsletter-digest",
    handler: job("newsletter-digest"),
    everyMinutes: 24 * 60,
    needs: { table: "write", mail: true, secrets: ["ADMIN_NOTIFY_RECIPIENTS", "MAIL_FROM"], settings: ["SITE_URL"] },
    timeout: 60,
  },
  // Retention: old submissions and reports deleted with their evidence, old signatures anonymised,
  // expired unconfirmed subscribers removed, the run audited; then the spreadsheet tabs that held changed rows.
  // Each deleted report publishes `report.removed` (its case is recounted).
  {
    name: "retention",
    handler: job("retention"),
    everyMinutes: 24 * 60,
    needs: { ...SHEET_SYNC_NEEDS, bucket: "write", bus: true },
    timeout: 900,
  },
  // Evidence folders (reports/<id>/) whose report is gone, all files older than a day: deleted.
  // Lists the bucket and deletes, reads report keys only (BatchGet).
  { name: "orphan-evidence-sweep", handler: job("orphan-evidence-sweep"), everyMinutes: 24 * 60, needs: { table: "read", bucket: "sweep" }, timeout: 900 },
];

/**
 * Deployed, EventBridge also delivers every event of ours to this handler, which deletes the
 * event's outbox item: the bus has it, the sweeper need not publish it again. (The local bus
 * acknowledges by itself once every subscriber has had the event.)
 */
export const outboxAcknowledger = {
  name: "outbox-ack",
  handler: "packages/functions/src/events/outbox-ack.handler",
  needs: { table: "write" } satisfies Needs,
};
