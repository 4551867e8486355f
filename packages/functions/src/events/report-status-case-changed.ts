import { MailDrain } from "@site/core/mail-drain";
import { ReportStatus } from "@site/core/report-status";
import { EventHandler, once } from "../lib/events";

/**
 * A case changed status: one e-mail per member report whose reporter asked for updates, queued on
 * the paced mail queue. Once per event (a redelivery reads nothing again); and each delivery is named
 * by the event and the report, so even an enqueue run twice (an attempt that died before its marker)
 * sends each reporter one e-mail (mail-queue/sent.ts).
 */
export const handler = EventHandler(ReportStatus.Events.CaseStatusChanged, async (detail, event) => {
  let queued = 0;
  await once("report-status-case-changed", event, async () => {
    queued = await ReportStatus.onCaseStatusChanged(detail, event.id);
  });
  if (queued > 0) await MailDrain.nudge();
});
