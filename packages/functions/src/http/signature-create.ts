import { Bus } from "@site/core/bus";
import { Captcha } from "@site/core/captcha";
import { settings } from "@site/core/config";
import { RateLimit } from "@site/core/ratelimit";
import { rateLimitSubject } from "@site/core/request/metadata";
import { Signature } from "@site/core/signature";
import { created, publicRoute } from "../lib/http";

export const handler = publicRoute(async (req) => {
  const petitionId = req.param("id");
  const input = req.body(Signature.SignInput);
  const client = rateLimitSubject(req.meta.ipAddress);
  // Counted before the captcha check: an attempt over the limit costs the captcha service nothing.
  await RateLimit.consumeClient(Signature.RATE_SCOPE, req.meta.ipAddress, settings().SIGN_RATE_LIMIT_PER_MINUTE);
  await Captcha.verify(input.captchaToken, Signature.SIGN_CAPTCHA_ACTION, req.meta.ipAddress);
  const signed = await Signature.create(
    {
      petitionId,
      client,
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      timeshareName: input.timeshareName,
      newsletterConsent: input.newsletterConsent,
      wantsUpdates: input.wantsUpdates,
      meta: Signature.metaDetails(req.meta, input.client),
    },
    { rateCounted: true },
  );
  // A new signature's side effects follow from its item on the table's stream (signature/effects.ts);
  // a repeat's e-mail from its outbox item, which makes the event survive a crash right here.
  if (signed.event) await Bus.publish(Signature.Events.Repeated, signed.event.detail, signed.event.id);
  // a repeat of a mailbox that has signed is answered exactly as a first signature (no enumeration)
  return created(signed.answer);
});
