/**
 * The reCAPTCHA action of signing (spec), checked by the server and named by the page. A module of
 * its own, free of zod: the sign page imports it with its first paint, the form's rules later.
 */
export const SIGN_CAPTCHA_ACTION = "sign_petition";
