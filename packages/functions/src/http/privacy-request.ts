import { Captcha } from "@site/core/captcha";
import { Privacy } from "@site/core/privacy";
import { accepted, publicRoute } from "../lib/http";

/**
 * /data-deletion-request: `{email, captchaToken?}` → 202 `{status: "sent"}`, whatever the address
 * holds (nothing is looked up here); the link goes to the address. Limited per IP (429) and, silently,
 * per mailbox (Privacy.LINKS_PER_ADDRESS_PER_DAY). The request is stored with its link due before the
 * link is sent: a link that cannot go at once (the day's mail used up, SES failing, the function
 * crashing) is sent by the scheduled mail drain, and the answer is the same (Privacy.requestOnce). A
 * retry with the page's idempotency key answers the first attempt's answer and mails nothing more.
 */
export const handler = publicRoute(async (req) => {
  const { email, captchaToken } = req.body(Privacy.DeletionRequestInput);
  await Privacy.countAttempt(req.meta.ipAddress);
  await Captcha.verify(captchaToken, Privacy.DELETION_CAPTCHA_ACTION, req.meta.ipAddress);
  return accepted(await Privacy.requestOnce(email, req.idempotencyKey()));
});
