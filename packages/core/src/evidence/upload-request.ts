import { z } from "zod";
import { EVIDENCE_PURPOSES, EvidenceMessages, MAX_EVIDENCE_BYTES, extensionOf, isAllowedExtension } from "./limits";

/** Keeps the base name (some browsers once sent a path) without control characters. */
const cleanFileName = (name: string) =>
  name
    .replace(/^.*[\\/]/, "")
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .trim();

/** What the browser asks for before uploading a file: which upload point, and the file's name and size. */
export const UploadRequest = z
  .object({
    purpose: z.enum(EVIDENCE_PURPOSES, { error: "Unknown upload purpose." }),
    fileName: z
      .string({ error: "Please choose a file." })
      .transform(cleanFileName)
      .pipe(z.string().min(1, "Please choose a file.").max(255, "The file name is too long.")),
    size: z
      .number({ error: "The file size is missing." })
      .int("The file size is missing.")
      .min(1, EvidenceMessages.empty)
      .max(MAX_EVIDENCE_BYTES, EvidenceMessages.tooLarge),
  })
  .superRefine((req, ctx) => {
    if (!isAllowedExtension(req.purpose, extensionOf(req.fileName))) {
      ctx.addIssue({ code: "custom", path: ["fileName"], message: EvidenceMessages.notAllowed(req.purpose) });
    }
  });
export type UploadRequest = z.input<typeof UploadRequest>;
