import { MailDrain } from "@site/core/mail-drain";
import { ReportStatus } from "@site/core/report-status";
import { EventHandler, once } from "../lib/events";

/**
 * A status link asked for on /report-status: when the reference names a report whose reporter has
 * that address, the link is queued on the paced mail queue (its `links` lane) and the drain nudged.
 * Once per event (a redelivery neither counts the report's daily allowance again nor queues twice).
 */
export const handler = EventHandler(ReportStatus.Events.LinkRequested, async (detail, event) => {
  let queued = false;
  await once("report-status-link-request", event, async () => {
    queued = await ReportStatus.onRequested(detail, event.id);
  });
  if (queued) await MailDrain.nudge();
});
