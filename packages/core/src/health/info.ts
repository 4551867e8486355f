/**
 * What the console's health panel shows (`GET /api/admin/health`, docs/admin-api.md): the side
 * effects that failed every retry and wait to be re-driven, the mail queue and budget, and each
 * spreadsheet tab's last sync. Pure: the console imports these types.
 */

import type { DeadLetter } from "../dead-letters/info";
import type { SheetSync } from "../sheets/last-sync-info";

export type { DeadLetter, SheetSync };

export interface HealthReport {
  deadLetters: { waiting: number; items: DeadLetter[] };
  mailQueue: { queued: number; seconds: number };
  mailBudget: { sentToday: number; dailyQuota: number; perSecond: number };
  sheets: SheetSync[];
}
