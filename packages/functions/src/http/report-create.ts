import { Bus } from "@site/core/bus";
import { Captcha } from "@site/core/captcha";
import { settings } from "@site/core/config";
import { RateLimit } from "@site/core/ratelimit";
import { Report } from "@site/core/report";
import { REPORT_CAPTCHA_ACTION } from "@site/core/report/input";
import { rateLimitSubject } from "@site/core/request/metadata";
import { metaDetails } from "@site/core/request/meta-details";
import { created, publicRoute } from "../lib/http";

export const handler = publicRoute(async (req) => {
  const submission = req.body(Report.ReportInput);
  const client = rateLimitSubject(req.meta.ipAddress);
  // The transaction enforces the limit; checking first spares the captcha service refused attempts.
  if (Captcha.enabled()) await RateLimit.check(Report.RATE_SCOPE, client, settings().REPORT_RATE_LIMIT_PER_MINUTE);
  // the client's window is counted in the report's transaction, its IPv6 /48's here
  await RateLimit.consumeNetwork(Report.RATE_SCOPE, req.meta.ipAddress, settings().REPORT_RATE_LIMIT_PER_MINUTE);
  await Captcha.verify(submission.captchaToken, REPORT_CAPTCHA_ACTION, req.meta.ipAddress);
  const { report, event } = await Report.create({ submission, client, meta: metaDetails(req.meta, submission.client) });
  // The outbox item written with the report makes the event survive a crash right here.
  await Bus.publish(Report.Events.Created, event.detail, event.id);
  return created({ reportId: report.id, reference: report.reference });
});
