import { Captcha } from "@site/core/captcha";
import { Privacy } from "@site/core/privacy";
import { accepted, publicRoute } from "../lib/http";

/**
 * /data-deletion-request: `{email, captchaToken?}` → 202 `{status: "sent"}`, whatever the address
 * holds (nothing is looked up here); the link goes to the address. Limited per IP (429) and, silently,
 * per mailbox (Privacy.LINKS_PER_ADDRESS_PER_DAY).
 */
export const handler = publicRoute(async (req) => {
  const { email, captchaToken } = req.body(Privacy.DeletionRequestInput);
  await Privacy.countAttempt(req.meta.ipAddress);
  await Captcha.verify(captchaToken, Privacy.DELETION_CAPTCHA_ACTION, req.meta.ipAddress);
  await Privacy.request(email);
  return accepted({ status: "sent" });
});
