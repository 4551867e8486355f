/**
 * Phone numbers as the wizard takes them (spec §5). No imports: the public bundle loads this module.
 *
 * The spec's rule, "an optional plus followed by 10 to 15 digits, spaces, hyphens or parentheses",
 * is read as: only those characters, a plus only in front, and 10 to 15 DIGITS. Counting characters
 * instead would refuse "+1 (555) 123-4567" (16 characters after the plus) and accept a run of hyphens.
 */

export const PHONE_MAX_LENGTH = 20;
export const PHONE_MIN_DIGITS = 10;
export const PHONE_MAX_DIGITS = 15;

export const PHONE_DIGITS_MESSAGE = "Please enter a valid phone number (10-15 digits)";
/** Step 3, when the number holds characters a phone number cannot have. */
export const PHONE_CHARACTERS_MESSAGE = "Please enter a valid phone number";

const NOT_PHONE_CHARACTER = /[^0-9 +()-]/g;
const PHONE_SHAPE = /^\+?[0-9 ()-]+$/;

/** What the phone input keeps of what was typed: digits, spaces, + ( ) -, at most 20 characters. */
export const filterPhoneInput = (raw: string) => raw.replace(NOT_PHONE_CHARACTER, "").slice(0, PHONE_MAX_LENGTH);

export const phoneDigitCount = (phone: string) => phone.replace(/[^0-9]/g, "").length;

export function isValidPhone(phone: string): boolean {
  const value = phone.trim();
  if (value.length > PHONE_MAX_LENGTH || !PHONE_SHAPE.test(value)) return false;
  const digits = phoneDigitCount(value);
  return digits >= PHONE_MIN_DIGITS && digits <= PHONE_MAX_DIGITS;
}

/**
 * The message for a phone number that is not valid, or undefined. Step 3's field keeps what was
 * typed, so characters the filter would strip get the shorter message there.
 */
export function phoneError(phone: string, { step3 = false } = {}): string | undefined {
  if (isValidPhone(phone)) return undefined;
  if (step3 && filterPhoneInput(phone.trim()) !== phone.trim()) return PHONE_CHARACTERS_MESSAGE;
  return PHONE_DIGITS_MESSAGE;
}
