import { describe, expect, it } from "vitest";
import { attachmentDisposition } from "../src/evidence/disposition";
import { acceptAttribute, EvidenceMessages, extensionOf, MAX_EVIDENCE_BYTES } from "../src/evidence/limits";
import { SNIFF_BYTES, sniff } from "../src/evidence/sniff";
import { UploadRequest } from "../src/evidence/upload-request";
import { ValidationError } from "../src/util/error";
import { parse } from "../src/util/zod";

const bytes = (...parts: (string | number[] | Uint8Array)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...Buffer.from(p, "utf8")] : [...p])));

/** What the first bytes of real files of each kind look like. */
const samples = {
  pdf: bytes("%PDF-1.7\n%", [0xe2, 0xe3, 0xcf, 0xd3], "\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n"),
  // a complete 1×1 PNG
  png: new Uint8Array(Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64")),
  jpg: bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], "JFIF", [0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]),
  doc: bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], new Uint8Array(16), [0x3e, 0x00, 0x03, 0x00, 0xfe, 0xff]),
  docx: bytes([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0x08, 0x00], new Uint8Array(16), "[Content_Types].xml"),
  txt: bytes("Called on 3 March: they said my week at Sunset Shores had a buyer for $24,000.\r\nI paid the $1,995 'closing fee'.\n"),
  eml: bytes(
    'Return-Path: <sales@resale-example.com>\r\nFrom: "Resale Team" <sales@resale-example.com>\r\nTo: owner@example.org\r\n',
    "Subject: Your buyer is ready\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nWire the transfer fee today.\r\n",
  ),
};

describe("sniff: first bytes against the extension", () => {
  it.each(Object.entries(samples))("accepts a real %s", (ext, sample) => {
    expect(sniff(ext, sample)).toBe(true);
  });

  it("treats .jpeg like .jpg and ignores case and a leading dot", () => {
    expect(sniff("jpeg", samples.jpg)).toBe(true);
    expect(sniff("PDF", samples.pdf)).toBe(true);
    expect(sniff(".png", samples.png)).toBe(true);
  });

  it("refuses files renamed to another extension", () => {
    expect(sniff("pdf", samples.png)).toBe(false);
    expect(sniff("png", samples.txt)).toBe(false);
    expect(sniff("docx", samples.doc)).toBe(false);
    expect(sniff("doc", samples.docx)).toBe(false);
    expect(sniff("jpg", samples.pdf)).toBe(false);
    // a PNG holds NUL bytes in its first chunk's length
    expect(sniff("txt", samples.png)).toBe(false);
  });

  it("refuses an empty file and one shorter than its signature", () => {
    for (const ext of ["pdf", "png", "jpg", "doc", "docx", "txt", "eml"]) expect(sniff(ext, new Uint8Array()), ext).toBe(false);
    expect(sniff("png", samples.png.subarray(0, 7))).toBe(false);
    expect(sniff("pdf", bytes("%PDF"))).toBe(false);
  });

  it("refuses extensions it has no rule for", () => {
    expect(sniff("exe", bytes("MZ", [0x90, 0x00]))).toBe(false);
    expect(sniff("html", bytes("<!doctype html>"))).toBe(false);
  });

  it("refuses binary data as text, with or without NUL bytes", () => {
    const withNuls = Uint8Array.from({ length: 2048 }, (_, i) => (i * 37) % 256);
    expect(sniff("txt", withNuls)).toBe(false);
    // no NUL, but control bytes all through it (what compressed data looks like)
    const noNuls = Uint8Array.from({ length: 2048 }, (_, i) => 1 + ((i * 37) % 255));
    expect(noNuls.includes(0)).toBe(false);
    expect(sniff("eml", noNuls)).toBe(false);
  });

  it("refuses UTF-16 text (its NUL bytes): only UTF-8 and 8-bit text are accepted", () => {
    expect(sniff("txt", new Uint8Array(Buffer.from("\ufeffHello there", "utf16le")))).toBe(false);
  });

  it("accepts UTF-8 with a byte-order mark, and 8-bit (Windows-1252) text", () => {
    expect(sniff("txt", bytes([0xef, 0xbb, 0xbf], "Reçu de paiement – 1 200 €\n"))).toBe(true);
    expect(sniff("eml", bytes("Subject: Re", [0xe7], "u\r\n\r\nMerci, ", [0xe0], " bient", [0xf4], "t.\r\n"))).toBe(true);
    // a BOM and nothing else is an empty file
    expect(sniff("txt", bytes([0xef, 0xbb, 0xbf]))).toBe(false);
  });

  it("tolerates a stray control character in text, but not many", () => {
    const line = "The salesman said the offer expires tonight.\n";
    expect(sniff("txt", bytes(line.repeat(4), [0x1a]))).toBe(true);
    expect(sniff("txt", bytes(line, [0x1b, 0x1b, 0x1b, 0x1b, 0x1b, 0x1b]))).toBe(false);
  });

  it("accepts UTF-8 text cut inside a character at the 4 KB boundary", () => {
    // "Á" is C3 81 in UTF-8; read as Windows-1252 its 0x81 is a control, so only UTF-8 accepts this
    const text = bytes("a", "Á".repeat(SNIFF_BYTES));
    const firstKb = text.subarray(0, SNIFF_BYTES);
    expect(firstKb[SNIFF_BYTES - 1]).toBe(0xc3);
    expect(sniff("txt", firstKb)).toBe(true);
    // the same bytes with a broken character in the middle are not UTF-8, and too control-laden as 8-bit text
    const broken = new Uint8Array(firstKb);
    broken[100] = 0xff;
    expect(sniff("txt", broken)).toBe(false);
  });

  it("looks at the first 4 KB only", () => {
    expect(sniff("txt", bytes(samples.txt, new Uint8Array(SNIFF_BYTES)))).toBe(false);
    expect(sniff("txt", bytes("x".repeat(SNIFF_BYTES), new Uint8Array(100)))).toBe(true);
  });
});

describe("evidence limits", () => {
  it("reads the extension from the file name", () => {
    expect(extensionOf("Receipt.Final.PDF")).toBe("pdf");
    expect(extensionOf("notes")).toBe("");
    expect(extensionOf(".eml")).toBe("");
    expect(extensionOf("trailing.")).toBe("");
  });

  it("lists each upload point's types for the file picker", () => {
    expect(acceptAttribute("contactEmail")).toBe(".pdf,.doc,.docx,.txt,.eml");
    expect(acceptAttribute("details")).toBe(".pdf,.doc,.docx,.txt,.jpg,.jpeg,.png,.eml");
  });
});

describe("UploadRequest", () => {
  const ok = { purpose: "details", fileName: "receipt.pdf", size: 1234 } as const;
  const refusal = (input: unknown) => {
    try {
      parse(UploadRequest, input);
    } catch (err) {
      expect(err).toBeInstanceOf(ValidationError);
      return (err as ValidationError).fields;
    }
    throw new Error("accepted");
  };

  it("accepts up to 10 MB and refuses more, with the message", () => {
    expect(parse(UploadRequest, { ...ok, size: MAX_EVIDENCE_BYTES }).size).toBe(10 * 1024 * 1024);
    expect(refusal({ ...ok, size: MAX_EVIDENCE_BYTES + 1 })).toEqual({ size: "The file is larger than 10 MB." });
    expect(refusal({ ...ok, size: 0 })).toEqual({ size: EvidenceMessages.empty });
  });

  it("accepts images only at step 3, and says which types each point takes", () => {
    expect(parse(UploadRequest, { ...ok, fileName: "screenshot.PNG" }).fileName).toBe("screenshot.PNG");
    expect(refusal({ ...ok, purpose: "contactEmail", fileName: "screenshot.png" })).toEqual({
      fileName: "Please choose a .pdf, .doc, .docx, .txt or .eml file.",
    });
    expect(refusal({ ...ok, fileName: "setup.exe" })).toEqual({
      fileName: "Please choose a .pdf, .doc, .docx, .txt, .jpg, .jpeg, .png or .eml file.",
    });
    expect(refusal({ ...ok, fileName: "noextension" })).toHaveProperty("fileName");
  });

  it("keeps the base name without control characters", () => {
    expect(parse(UploadRequest, { ...ok, fileName: "C:\\Users\\me\\re\u0007ceipt.pdf" }).fileName).toBe("receipt.pdf");
    expect(refusal({ ...ok, fileName: " \u0000 " })).toEqual({ fileName: "Please choose a file." });
  });

  it("refuses an unknown upload point", () => {
    expect(refusal({ ...ok, purpose: "avatar" })).toHaveProperty("purpose");
  });
});

describe("attachmentDisposition", () => {
  it("downloads under the original name, UTF-8 encoded, with an ASCII fallback", () => {
    expect(attachmentDisposition("Reçu (copie).pdf")).toBe(`attachment; filename="Re_u (copie).pdf"; filename*=UTF-8''Re%C3%A7u%20%28copie%29.pdf`);
    expect(attachmentDisposition('a"b\\c.txt')).toBe(`attachment; filename="a_b_c.txt"; filename*=UTF-8''a%22b%5Cc.txt`);
  });
});
