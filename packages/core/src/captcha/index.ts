export * as Captcha from "./index";

import { z } from "zod";
import { settings } from "../config";
import { VisibleError } from "../util/error";
import { errorAttributes, log } from "../log";

export class CaptchaFailed extends VisibleError {
  constructor() {
    super(400, "captcha.failed", "Security verification failed. Please try again.");
  }
}

const VerifyResponse = z.object({
  success: z.boolean(),
  score: z.number().optional(),
  action: z.string().optional(),
});

/** Captcha is on exactly when a secret is configured (deployed); locally it is off. */
export const enabled = () => Boolean(settings().CAPTCHA_SECRET);

/** Verifies a reCAPTCHA v3 token on the server: success, the expected action and a minimum score. */
export async function verify(token: string | undefined, action: string, remoteIp?: string): Promise<void> {
  const s = settings();
  if (!s.CAPTCHA_SECRET) return;
  if (!token) throw new CaptchaFailed();
  const body = new URLSearchParams({ secret: s.CAPTCHA_SECRET, response: token });
  if (remoteIp) body.set("remoteip", remoteIp);
  let result: z.infer<typeof VerifyResponse>;
  try {
    const res = await fetch(s.CAPTCHA_VERIFY_URL, { method: "POST", body, signal: AbortSignal.timeout(5000) });
    result = VerifyResponse.parse(await res.json());
  } catch (err) {
    log.error("captcha verify unavailable", errorAttributes(err));
    throw new CaptchaFailed();
  }
  if (!result.success || result.action !== action || (result.score ?? 0) < s.CAPTCHA_MIN_SCORE) {
    throw new CaptchaFailed();
  }
}
