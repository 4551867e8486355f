import { clientInfo } from "./clientInfo";
import { loadRecaptcha, recaptchaToken } from "./recaptcha";
import { loadConfig } from "./runtimeConfig";

/**
 * What sending a public form needs besides the form: the runtime config, reCAPTCHA and what the
 * browser tells the API about itself. Loaded when the visitor starts on a form (formStart.ts), not
 * with the page.
 */
export { clientInfo };
export { sendOnce } from "./sendOnce";

/** Loads reCAPTCHA's script when the site runs it (the runtime config carries a site key). */
export function prepareCaptcha(): void {
  loadConfig()
    .then(({ recaptchaSiteKey }) => (recaptchaSiteKey ? loadRecaptcha(recaptchaSiteKey) : undefined))
    .catch((cause) => console.error("reCAPTCHA failed to load:", cause));
}

/**
 * reCAPTCHA's token for `action`; undefined when the site runs no captcha, or when the runtime config
 * cannot be had (the API then says what is missing). Throws the spec's messages (recaptchaErrors.ts)
 * when the library or the token is missing.
 */
export async function captchaToken(action: string): Promise<string | undefined> {
  const runtime = await loadConfig().catch(() => null);
  return runtime?.recaptchaSiteKey ? recaptchaToken(runtime.recaptchaSiteKey, action) : undefined;
}
