/** What a form shows when the bot check cannot run (recaptcha.ts throws these; the forms compare with them). */
export const RECAPTCHA_NOT_AVAILABLE = "reCAPTCHA not yet available";
export const RECAPTCHA_FAILED = "Failed to execute reCAPTCHA";
