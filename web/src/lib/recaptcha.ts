import { RECAPTCHA_FAILED, RECAPTCHA_NOT_AVAILABLE } from "./recaptchaErrors";

/** reCAPTCHA v3, loaded only when the runtime config carries a site key. */

interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

export { RECAPTCHA_FAILED, RECAPTCHA_NOT_AVAILABLE };

const scripts = new Map<string, Promise<void>>();

export function loadRecaptcha(siteKey: string): Promise<void> {
  const existing = scripts.get(siteKey);
  if (existing) return existing;
  const loading = new Promise<void>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
    script.async = true;
    script.defer = true;
    script.onload = () => resolve();
    script.onerror = () => {
      scripts.delete(siteKey);
      script.remove();
      reject(new Error(RECAPTCHA_NOT_AVAILABLE));
    };
    document.head.appendChild(script);
  });
  scripts.set(siteKey, loading);
  return loading;
}

/** A v3 token for `action`; throws the spec's messages when the library or the token is missing. */
export async function recaptchaToken(siteKey: string, action: string, waitMs = 5000): Promise<string> {
  await Promise.race([loadRecaptcha(siteKey).catch(() => undefined), new Promise((resolve) => setTimeout(resolve, waitMs))]);
  const grecaptcha = window.grecaptcha;
  if (!grecaptcha || typeof grecaptcha.ready !== "function" || typeof grecaptcha.execute !== "function") {
    throw new Error(RECAPTCHA_NOT_AVAILABLE);
  }
  let token: string | undefined;
  try {
    token = await new Promise<string>((resolve, reject) => {
      grecaptcha.ready(() => {
        grecaptcha.execute(siteKey, { action }).then(resolve, reject);
      });
    });
  } catch {
    throw new Error(RECAPTCHA_FAILED);
  }
  if (!token) throw new Error(RECAPTCHA_FAILED);
  return token;
}
