import { Mail } from "@site/core/mail";
import { Report } from "@site/core/report";
import { reporterConfirmation } from "@site/core/report/emails";
import { EventHandler, once } from "../lib/events";

/** Confirms a report to the reporter (spec template 7), only when they asked for updates. */
export const handler = EventHandler(Report.Events.Created, async (detail, event) => {
  const report = await Report.find(detail.reportId);
  if (!report?.wantUpdates || !report.reporter.email) return;
  await once("report-confirmation", event, () =>
    // one key per report, so a retry or re-delivery of this e-mail is not refused by its own claim
    Mail.sendToVisitor(
      { to: [report.reporter.email], ...reporterConfirmation(report) },
      { key: `report-confirmation:${report.id}`, kind: "report-confirmation" },
    ).then(() => {}),
  );
});
