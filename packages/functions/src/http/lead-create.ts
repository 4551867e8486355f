import { Bus } from "@site/core/bus";
import { Captcha } from "@site/core/captcha";
import { settings } from "@site/core/config";
import { Lead } from "@site/core/lead";
import { RateLimit } from "@site/core/ratelimit";
import { rateLimitSubject } from "@site/core/request/metadata";
import { metaDetails } from "@site/core/request/meta-details";
import { created, publicRoute } from "../lib/http";

/**
 * A free-guide form (`{form}`: checklist, where-scams-thrive, before-you-sign, spotting-exit-scams):
 * `LeadInput` → 201 `{id}`. The guide's e-mail and the rest follow from `lead.created`.
 */
export const handler = publicRoute(async (req) => {
  const form = Lead.formOf(req.param("form"));
  const submission = req.body(Lead.LeadInput);
  const client = rateLimitSubject(req.meta.ipAddress);
  // The transaction enforces the limit; checking first spares the captcha service refused attempts.
  if (Captcha.enabled()) await RateLimit.check(Lead.RATE_SCOPE, client, settings().LEAD_RATE_LIMIT_PER_MINUTE);
  // the client's window is counted in the guide request's transaction, its IPv6 /48's here
  await RateLimit.consumeNetwork(Lead.RATE_SCOPE, req.meta.ipAddress, settings().LEAD_RATE_LIMIT_PER_MINUTE);
  await Captcha.verify(submission.captchaToken, Lead.LEAD_FORM_INFO[form].captchaAction, req.meta.ipAddress);
  const { lead, event } = await Lead.create({ form, submission, client, meta: metaDetails(req.meta, submission.client) });
  // The outbox item written with the submission makes the event survive a crash right here.
  await Bus.publish(Lead.Events.Created, event.detail, event.id);
  return created({ id: lead.id });
});
