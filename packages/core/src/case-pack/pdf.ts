import PDFDocument from "pdfkit";
import { printable } from "../delivery-pack/pdf";
import { SITE_NAME } from "../site/page-head";
import { COLORS, FONTS, PAGE, SIZES } from "../site/pdf-theme";
import type { PackEntry } from "./entries";

/** The case as the pack's cover shows it. */
export interface PackCase {
  reference: string;
  title: string;
  statusLabel: string;
  identifiers: string[];
}

const longDate = (at: Date) => new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeStyle: "short", timeZone: "America/New_York" }).format(at);

/**
 * A case pack as a PDF (pdfkit, the delivery pack's look): a cover with the case and its
 * identifiers, then one block per report. Real text in the standard faces, so the file is searchable
 * and a test can read it.
 */
export function renderCasePack(pack: PackCase, entries: readonly PackEntry[], at: Date): Promise<Buffer> {
  const doc = new PDFDocument({
    size: PAGE.size,
    margins: { top: PAGE.margin, left: PAGE.margin, right: PAGE.margin, bottom: PAGE.bottom },
    displayTitle: true,
    lang: "en-US",
    info: { Title: printable(`Case ${pack.reference}: ${pack.title}`), Author: SITE_NAME, Creator: SITE_NAME, CreationDate: at, ModDate: at },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const line = (value: string, o: { font?: string; size?: number; color?: string; gap?: number } = {}) => {
    doc
      .font(o.font ?? FONTS.regular)
      .fontSize(o.size ?? SIZES.body)
      .fillColor(o.color ?? COLORS.body)
      .text(printable(value), doc.page.margins.left, doc.y, { width, lineGap: SIZES.lineGap });
    doc.moveDown(o.gap ?? 0.2);
  };

  line(`Case ${pack.reference}`, { font: FONTS.bold, size: SIZES.title, color: COLORS.ink, gap: 0.3 });
  line(pack.title, { font: FONTS.bold, size: SIZES.heading, color: COLORS.ink });
  line(`${SITE_NAME}, ${longDate(at)}`, { size: SIZES.subtitle, color: COLORS.inkMuted });
  line(`Status: ${pack.statusLabel}. Reports: ${entries.length}.`, { gap: 0.4 });
  if (pack.identifiers.length) line(`Identifiers named in the reports: ${pack.identifiers.join(", ")}`, { gap: 0.6 });
  line("Evidence files are listed by name; the foundation holds them and provides them on request.", { size: SIZES.small, color: COLORS.inkMuted, gap: 1 });

  for (const e of entries) {
    if (doc.y > doc.page.height - doc.page.margins.bottom - 120) doc.addPage();
    line(`Report ${e.reference}`, { font: FONTS.bold, size: SIZES.heading, color: COLORS.ink, gap: 0.2 });
    line(`Submitted ${e.submitted}; occurred ${e.dateOccurred}; ${[e.city, e.state].filter(Boolean).join(", ")}`, {
      size: SIZES.small,
      color: COLORS.inkMuted,
    });
    line(`Reporter: ${e.reporter}`, { size: SIZES.table });
    line(`Scam types: ${e.scamTypes.join(", ")}. Contacted by: ${e.contactMethods.join(", ")}. Amount lost: ${e.amountLost}.`, { size: SIZES.table });
    const s = e.scammer;
    const scammer = [
      s.name && `name ${s.name}`,
      s.company && `company ${s.company}`,
      s.phone && `phone ${s.phone}`,
      s.email && `e-mail ${s.email}`,
      s.website && `website ${s.website}`,
    ];
    line(`Scammer: ${scammer.filter(Boolean).join("; ") || "not known"}`, { size: SIZES.table });
    for (const d of e.details) line(d, { size: SIZES.table });
    if (e.reportedTo) line(`Also reported to: ${e.reportedTo}`, { size: SIZES.table });
    line(`Evidence: ${e.evidence.join("; ") || "none"}`, { size: SIZES.table, gap: 0.8 });
  }
  doc.end();
  return done;
}
