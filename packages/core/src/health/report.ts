import { DeadLetters } from "../dead-letters";
import { MailBudget } from "../mail/budget";
import { read as mailBacklog } from "../mail-queue/backlog";
import { lastSyncs } from "../sheets/last-sync";
import type { HealthReport } from "./info";

/** The console's health panel (`GET /api/admin/health`): four small reads, none of them a scan. */
export async function healthReport(): Promise<HealthReport> {
  const [deadLetters, backlog, mailBudget, sheets] = await Promise.all([DeadLetters.list(), mailBacklog(), MailBudget.today(), lastSyncs()]);
  return { deadLetters, mailQueue: { queued: backlog.ahead, seconds: backlog.seconds }, mailBudget, sheets };
}
