import { Newsletter } from "@site/core/newsletter";
import { Report } from "@site/core/report";
import { mailNetworkOf } from "@site/core/util/client-address";
import { EventHandler } from "../lib/events";

/** Subscribes reporters who asked for scam-awareness updates; subscribe is idempotent. */
export const handler = EventHandler(Report.Events.Created, async (detail) => {
  const report = await Report.find(detail.reportId);
  if (!report?.wantUpdates || !report.reporter.email) return;
  await Newsletter.subscribe({
    email: report.reporter.email,
    name: report.reporter.fullName,
    consentAt: report.createdAt,
    source: "scam-report",
    network: mailNetworkOf(report.meta.ipAddress),
  });
});
