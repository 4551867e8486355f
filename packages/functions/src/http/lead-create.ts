import { settings } from "@site/core/config";
import { Lead } from "@site/core/lead";
import { RateLimit } from "@site/core/ratelimit";
import { metaDetails } from "@site/core/request/meta-details";
import { created, publicRoute } from "../lib/http";

/**
 * A free-guide form (`{form}`: checklist, where-scams-thrive, before-you-sign, spotting-exit-scams):
 * `LeadInput` → 201 `{id}`. The guide's e-mail and the rest follow from `lead.created`.
 */
export const handler = publicRoute(async (req) => {
  const form = Lead.formOf(req.param("form"));
  const submission = req.body(Lead.LeadInput);
  const idempotencyKey = req.idempotencyKey();
  // (the client's window is counted in the guide request's own transaction)
  const limits = { scope: Lead.RATE_SCOPE, perMinute: settings().LEAD_RATE_LIMIT_PER_MINUTE, clientWindow: "transaction" } as const;
  const captcha = { captchaToken: submission.captchaToken, captchaAction: Lead.LEAD_FORM_INFO[form].captchaAction };
  const client = await RateLimit.admitForm({ ...limits, ...captcha, ipAddress: req.meta.ipAddress });
  return created(await Lead.submitOnce({ form, submission, client, meta: metaDetails(req.meta, submission.client), idempotencyKey }));
});
