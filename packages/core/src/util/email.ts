import { z } from "zod";

/** The one normalisation of an e-mail address that every record holding one stores (`emailNormalized`): the privacy lookups find a person's records by it. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/**
 * The one e-mail grammar of every input (forms and API, server and browser): a plain `local@domain`
 * address, the RFC 5321 mailbox without its rarely used forms. The local part is dot-atoms (letters,
 * digits and ! # $ % & ' * + / = ? ^ _ ` { | } ~ -, single dots between them, ≤ 64); the domain is
 * two or more DNS labels (letters, digits, inner hyphens, ≤ 63 each) ending in an alphabetic top
 * label (or an internationalised one, `xn--…`), ≤ 253 in all; the whole ≤ 254. Refused: display names ("Ann <a@b.co>"), quoted local parts,
 * comments, whitespace, address literals ("a@[1.2.3.4]") and non-ASCII. Each spelling of a mailbox
 * that SMTP would treat as another address is refused, so a per-address cap cannot be sidestepped.
 *
 * A single pass over the characters, with no backtracking: linear in the input's length whatever it
 * holds (a 16 KB string is refused by its length before the scan). `meter` counts the characters
 * visited, for the test that proves it.
 */
export const EMAIL_MAX = 254;
const LOCAL_MAX = 64;
const DOMAIN_MAX = 253;
const LABEL_MAX = 63;

const ATEXT_SYMBOLS = "!#$%&'*+/=?^_`{|}~-";
const isAlpha = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const isDigit = (c: number) => c >= 48 && c <= 57;
const isAtext = (ch: string, c: number) => isAlpha(c) || isDigit(c) || ATEXT_SYMBOLS.includes(ch);

export function isEmailAddress(value: string, meter?: { steps: number }): boolean {
  if (value.length > EMAIL_MAX) return false;
  const at = value.indexOf("@");
  if (at < 1 || at > LOCAL_MAX || value.length - at - 1 > DOMAIN_MAX) return false;
  // local part: atext runs separated by single dots
  let previousDot = true;
  for (let i = 0; i < at; i++) {
    if (meter) meter.steps++;
    const ch = value[i];
    if (ch === ".") {
      if (previousDot) return false;
      previousDot = true;
    } else if (isAtext(ch, ch.charCodeAt(0))) previousDot = false;
    else return false;
  }
  if (previousDot) return false;
  // domain: labels of letters, digits and inner hyphens; at least two; the last alphabetic
  let labels = 0;
  let labelStart = at + 1;
  let labelAlphabetic = true;
  for (let i = at + 1; i <= value.length; i++) {
    if (meter) meter.steps++;
    const c = i < value.length ? value.charCodeAt(i) : 46; // the end closes the last label like a dot
    if (c === 46) {
      const length = i - labelStart;
      if (length < 1 || length > LABEL_MAX) return false;
      if (value[labelStart] === "-" || value[i - 1] === "-") return false;
      labels++;
      if (i === value.length) return labels >= 2 && length >= 2 && (labelAlphabetic || /^xn--/i.test(value.slice(labelStart, labelStart + 4)));
      labelStart = i + 1;
      labelAlphabetic = true;
    } else if (isAlpha(c)) continue;
    else if (isDigit(c) || c === 45) labelAlphabetic = false;
    else return false;
  }
  return false;
}

export interface EmailMessages {
  required: string;
  invalid: string;
  /** default: "Email must be at most 254 characters" */
  tooLong?: string;
}

/**
 * The zod schema of an e-mail input, with the form's own messages: trimmed, required, at most 254
 * characters, and the grammar above. Shared by the server's schemas and the browser's forms.
 */
export const EmailAddress = (messages: EmailMessages) =>
  z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .max(EMAIL_MAX, messages.tooLong ?? `Email must be at most ${EMAIL_MAX} characters`)
    .refine((v) => v.length === 0 || v.length > EMAIL_MAX || isEmailAddress(v), messages.invalid);

/** Providers that deliver `local+tag@domain` to `local@domain` (and, for Gmail, ignore dots in the local part). */
const GMAIL_DOMAINS = new Set(["gmail.com", "googlemail.com"]);
const PLUS_TAG_DOMAINS = new Set(["outlook.com", "hotmail.com", "live.com", "icloud.com", "me.com", "fastmail.com", "proton.me", "protonmail.com"]);

/**
 * The mailbox an address reaches, for "one signature per person": lower-cased, and where the
 * provider ignores them, without a `+tag` (Gmail, Outlook, iCloud, Fastmail, Proton) and without
 * dots in the local part (Gmail, whose googlemail.com is gmail.com). Other domains are only
 * lower-cased: elsewhere `a.b@` and `ab@` may be two people.
 */
export function canonicalMailbox(email: string): string {
  const address = normaliseEmail(email);
  const at = address.lastIndexOf("@");
  if (at < 1) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  if (GMAIL_DOMAINS.has(domain)) {
    local = local.replace(/\+.*$/, "").replace(/\./g, "");
    domain = "gmail.com";
  } else if (PLUS_TAG_DOMAINS.has(domain)) {
    local = local.replace(/\+.*$/, "");
  }
  return `${local || address.slice(0, at)}@${domain}`;
}
