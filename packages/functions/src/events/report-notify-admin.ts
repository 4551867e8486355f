import { adminRecipients } from "@site/core/config";
import { Mail } from "@site/core/mail";
import { NoticeDigest } from "@site/core/mail/notice-digest";
import { Report } from "@site/core/report";
import { adminNotification } from "@site/core/report/emails";
import { EventHandler, once } from "../lib/events";

/** Tells the administrators about a new report (spec template 8). A report deleted meanwhile is not announced. */
export const handler = EventHandler(Report.Events.Created, async (detail, event) => {
  const to = adminRecipients();
  if (to.length === 0) return;
  const report = await Report.find(detail.reportId);
  if (!report) return;
  // past the hour's allowance, the hour's digest tells of it instead (NoticeDigest.sendDue, with the mail drain)
  await once("report-notify-admin", event, async () => {
    if (await NoticeDigest.admit("report")) await Mail.send({ kind: "admin-notice", to, ...adminNotification(report) });
  });
});
