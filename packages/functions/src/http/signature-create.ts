import { settings } from "@site/core/config";
import { RateLimit } from "@site/core/ratelimit";
import { Signature } from "@site/core/signature";
import { created, publicRoute } from "../lib/http";

/** Signs a petition: `SignInput` → 201, a repeat of a mailbox that has signed answered exactly as a first signature (no enumeration). */
export const handler = publicRoute(async (req) => {
  const input = req.body(Signature.SignInput);
  const idempotencyKey = req.idempotencyKey();
  const { ipAddress } = req.meta;
  const limits = { scope: Signature.RATE_SCOPE, perMinute: settings().SIGN_RATE_LIMIT_PER_MINUTE, clientWindow: "here" } as const;
  const client = await RateLimit.admitForm({ ...limits, ipAddress, captchaToken: input.captchaToken, captchaAction: Signature.SIGN_CAPTCHA_ACTION });
  const { firstName, lastName, email, timeshareName, newsletterConsent, wantsUpdates } = input;
  const signer = { firstName, lastName, email, timeshareName, newsletterConsent, wantsUpdates, meta: Signature.metaDetails(req.meta, input.client) };
  return created(await Signature.sign({ petitionId: req.param("id"), client, idempotencyKey, ...signer }));
});
