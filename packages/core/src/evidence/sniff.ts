/**
 * Whether a file's first bytes match its extension. Pure, so the browser may use it too.
 * Only the signature is checked: enough to refuse a renamed executable or image, not to prove the
 * file is well formed.
 */

/** How many leading bytes `sniff` looks at (the server reads only these from storage). */
export const SNIFF_BYTES = 4096;

const startsWith = (bytes: Uint8Array, signature: readonly number[]) => bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b);

/** "%PDF-" */
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
/** Microsoft's Compound File (OLE2) container, the .doc format of Word 97–2003. */
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
/** A ZIP local file header, how every .docx (Office Open XML) begins. */
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const UTF8_BOM = [0xef, 0xbb, 0xbf];

const SIGNATURES: Record<string, readonly number[]> = { pdf: PDF, png: PNG, jpg: JPEG, jpeg: JPEG, doc: OLE, docx: ZIP };
const TEXT = new Set(["txt", "eml"]);

export function sniff(ext: string, firstBytes: Uint8Array): boolean {
  const bytes = firstBytes.subarray(0, SNIFF_BYTES);
  const e = ext.toLowerCase().replace(/^\./, "");
  if (TEXT.has(e)) return looksLikeText(bytes);
  const signature = SIGNATURES[e];
  return signature !== undefined && startsWith(bytes, signature);
}

/** Controls that plain text and e-mail legitimately hold: tab, line feed, form feed, carriage return. */
const TEXT_CONTROLS = new Set([0x09, 0x0a, 0x0c, 0x0d]);

/**
 * Text: no NUL byte, and almost no control characters once decoded. UTF-8 (with or without a BOM)
 * is decoded as such; bytes that are not UTF-8 are read as Windows-1252, since e-mails and older
 * text files are often 8-bit Latin text rather than UTF-8, and refusing them would refuse genuine
 * evidence. Binary data fails on NULs or controls either way.
 */
export function looksLikeText(firstBytes: Uint8Array): boolean {
  const bytes = startsWith(firstBytes, UTF8_BOM) ? firstBytes.subarray(UTF8_BOM.length) : firstBytes;
  if (bytes.length === 0 || bytes.includes(0)) return false;
  const text = decodeUtf8Prefix(bytes) ?? new TextDecoder("windows-1252").decode(bytes);
  let controls = 0;
  let chars = 0;
  for (const ch of text) {
    chars++;
    const c = ch.codePointAt(0)!;
    if ((c < 0x20 && !TEXT_CONTROLS.has(c)) || (c >= 0x7f && c <= 0x9f)) controls++;
  }
  return controls <= 1 + chars / 100;
}

/**
 * The bytes as UTF-8, or undefined when they are not. The bytes may be the first few KB of a longer
 * file, cut inside a multi-byte character: a streaming decoder keeps an incomplete last sequence
 * back instead of calling it an error.
 */
function decodeUtf8Prefix(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes, { stream: true });
  } catch {
    return undefined;
  }
}
