/**
 * A report's reference number, which the reporter can quote: "TSR-7K3M-9QX2". Eight characters of
 * Crockford's base 32 (no I, L, O or U, so it reads back unambiguously) make 2^40 numbers. Web
 * Crypto only: the browser and Node 20 both have it.
 */

export const REFERENCE_PREFIX = "TSR";
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const REFERENCE = /^TSR-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

export function referenceNumber(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(8));
  // 256 is a multiple of 32, so the low five bits of a byte are uniform
  const chars = Array.from(bytes, (b) => ALPHABET[b & 31]).join("");
  return `${REFERENCE_PREFIX}-${chars.slice(0, 4)}-${chars.slice(4)}`;
}

export const isReferenceNumber = (value: string) => REFERENCE.test(value);

/**
 * A reference as someone typed it into a search box, in its canonical form, or null: any case,
 * spaces or dashes anywhere, with or without "TSR"; O is read as 0 and I or L as 1, as Crockford
 * decodes them.
 */
export function normaliseReference(typed: string): string | null {
  let chars = typed.trim().toUpperCase().replace(/[\s-]/g, "");
  if (chars.length === 11 && chars.startsWith(REFERENCE_PREFIX)) chars = chars.slice(REFERENCE_PREFIX.length);
  chars = chars.replace(/O/g, "0").replace(/[IL]/g, "1");
  const reference = `${REFERENCE_PREFIX}-${chars.slice(0, 4)}-${chars.slice(4)}`;
  return chars.length === 8 && isReferenceNumber(reference) ? reference : null;
}
