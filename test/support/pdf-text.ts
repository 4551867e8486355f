import { PDFArray, PDFDocument, PDFRawStream, decodePDFRawStream } from "pdf-lib";

/**
 * The text runs of a PDF drawn with pdfkit's standard fonts, in drawing order: each `TJ` array's
 * hex strings, decoded as WinAnsi (Latin-1 for what a test writes) and joined. Enough to check what
 * a page says; not a general PDF text extractor.
 */
export async function pdfTextRuns(bytes: Uint8Array): Promise<{ pages: number; runs: string[] }> {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  const runs: string[] = [];
  for (const page of pdf.getPages()) {
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => pdf.context.lookup(ref)) : [contents];
    for (const stream of streams) {
      if (!(stream instanceof PDFRawStream)) continue;
      const text = Buffer.from(decodePDFRawStream(stream).decode()).toString("latin1");
      for (const [, array] of text.matchAll(/\[((?:<[0-9a-fA-F]*>|[-\d.\s])*)\]\s*TJ/g)) {
        runs.push([...array.matchAll(/<([0-9a-fA-F]*)>/g)].map(([, hex]) => Buffer.from(hex, "hex").toString("latin1")).join(""));
      }
    }
  }
  return { pages: pdf.getPageCount(), runs };
}
