/**
 * What a visitor may attach to a scam report, shared by the browser (file pickers, the size check
 * before uploading) and the server. Pure: no AWS SDK, so the public bundle may import it.
 */

/** The spec's two upload points: the e-mail contact method's file and step 3's evidence file. */
export const EVIDENCE_PURPOSES = ["contactEmail", "details"] as const;
export type EvidencePurpose = (typeof EVIDENCE_PURPOSES)[number];

export const MAX_EVIDENCE_BYTES = 10 * 1024 * 1024;

/** Allowed extensions per upload point, lower case, without the dot. */
export const EVIDENCE_EXTENSIONS = {
  contactEmail: ["pdf", "doc", "docx", "txt", "eml"],
  details: ["pdf", "doc", "docx", "txt", "jpg", "jpeg", "png", "eml"],
} as const satisfies Record<EvidencePurpose, readonly string[]>;
export type EvidenceExtension = (typeof EVIDENCE_EXTENSIONS)[EvidencePurpose][number];

/**
 * The Content-Type each file is stored with, decided from its extension: the visitor's browser's
 * guess (often empty for .eml, or anything at all) is not trusted.
 */
export const EVIDENCE_CONTENT_TYPES: Record<EvidenceExtension, string> = {
  pdf: "application/pdf",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  txt: "text/plain",
  eml: "message/rfc822",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
};

/** For an `<input type="file" accept>`: ".pdf,.doc,...". */
export const acceptAttribute = (purpose: EvidencePurpose) => EVIDENCE_EXTENSIONS[purpose].map((e) => `.${e}`).join(",");

/** The lower-case extension of a file name, without the dot ("" when it has none). */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf(".");
  return dot <= 0 || dot === fileName.length - 1 ? "" : fileName.slice(dot + 1).toLowerCase();
}

export function isAllowedExtension(purpose: EvidencePurpose, ext: string): ext is EvidenceExtension {
  return (EVIDENCE_EXTENSIONS[purpose] as readonly string[]).includes(ext);
}

const listOr = (items: readonly string[]) => `${items.slice(0, -1).join(", ")} or ${items[items.length - 1]}`;

export const EvidenceMessages = {
  tooLarge: "The file is larger than 10 MB.",
  empty: "The file is empty.",
  notAllowed: (purpose: EvidencePurpose) => `Please choose a ${listOr(EVIDENCE_EXTENSIONS[purpose].map((e) => `.${e}`))} file.`,
  notReceived: "The evidence file was not received. Please choose it again.",
  mismatch: (fileName: string, ext: string) => `The file ${fileName} does not look like a ${ext.toUpperCase()} file.`,
} as const;
