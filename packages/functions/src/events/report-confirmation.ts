import { Mail } from "@site/core/mail";
import { Report } from "@site/core/report";
import { reporterConfirmation } from "@site/core/report/emails";
import { mailNetworkOf } from "@site/core/util/client-address";
import { EventHandler, once } from "../lib/events";

/** Confirms a report to the reporter (spec template 7), only when they asked for updates. */
export const handler = EventHandler(Report.Events.Created, async (detail, event) => {
  const report = await Report.find(detail.reportId);
  if (!report?.wantUpdates || !report.reporter.email) return;
  await once("report-confirmation", event, () =>
    // one key per report, so a retry or re-delivery of this e-mail is not refused by its own claim
    Mail.sendToVisitor(
      // the network that sent the form: the domain brake counts its e-mails too
      { to: [report.reporter.email], network: mailNetworkOf(report.meta.ipAddress), ...reporterConfirmation(report) },
      { key: `report-confirmation:${report.id}`, kind: "report-confirmation" },
    ).then(() => {}),
  );
});
