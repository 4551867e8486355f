import { settings } from "@site/core/config";
import { RateLimit } from "@site/core/ratelimit";
import { Report } from "@site/core/report";
import { REPORT_CAPTCHA_ACTION } from "@site/core/report/input";
import { metaDetails } from "@site/core/request/meta-details";
import { submitOnce } from "@site/core/report/submit-once";
import { created, publicRoute } from "../lib/http";

/** A scam report: `ReportInput` → 201 `{reportId, reference}`. Its confirmation and the rest follow from `report.created`. */
export const handler = publicRoute(async (req) => {
  const submission = req.body(Report.ReportInput);
  const idempotencyKey = req.idempotencyKey();
  // (the client's window is counted in the report's own transaction)
  const limits = { scope: Report.RATE_SCOPE, perMinute: settings().REPORT_RATE_LIMIT_PER_MINUTE, clientWindow: "transaction" } as const;
  const captcha = { captchaToken: submission.captchaToken, captchaAction: REPORT_CAPTCHA_ACTION };
  const client = await RateLimit.admitForm({ ...limits, ...captcha, ipAddress: req.meta.ipAddress });
  return created(await submitOnce({ submission, client, meta: metaDetails(req.meta, submission.client), idempotencyKey }));
});
