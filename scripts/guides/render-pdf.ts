/**
 * Renders a guide (packages/core/src/guides) to a PDF with pdfkit: real text in the standard
 * Helvetica faces, the brand colours, a title band, headings, wrapped paragraphs, bullet and
 * checkbox lists, tables that break between rows (repeating their header), callouts, a sources
 * list with clickable links, page numbers and the "last reviewed" date on every page.
 *
 * The output depends only on the guide and the site URL: the creation date is the guide's
 * lastReviewed date, and pdfkit derives the file ID from the metadata, so builds are reproducible.
 */
import PDFDocument from "pdfkit";
import { runsOf, type Block, type Callout, type Guide, type RichText, type Run, type Section, type Table } from "@site/core/guides";
import { SITE_NAME } from "@site/core/site/page-head";
import { LEAD_FORM_INFO } from "@site/core/lead/forms";
import { COLORS, FONTS, MARK, PAGE, SIZES } from "./pdf-theme";

export interface RenderOptions {
  /** The site's origin (SITE_URL): links to the site's own pages are made absolute with it. */
  siteUrl: string;
}

type Doc = PDFKit.PDFDocument;

const BULLET_INDENT = 16;
const CHECKBOX_INDENT = 20;
const CELL_PADDING = 5;

/** "2026-11-22" → a Date at midnight UTC; throws on anything else. */
export function reviewDate(lastReviewed: string): Date {
  const date = new Date(`${lastReviewed}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(lastReviewed) || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== lastReviewed) {
    throw new Error(`lastReviewed must be a real YYYY-MM-DD date, got ${lastReviewed}`);
  }
  return date;
}

const longDate = (date: Date) => new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(date);

export function absoluteUrl(href: string, siteUrl: string): string {
  return href.startsWith("/") ? new URL(href, siteUrl).toString() : href;
}

/**
 * pdfkit's line wrapper may break between two runs even where there is no space, leaving a full
 * stop alone at the start of a line after a link, or an opening bracket alone at the end of the
 * line before one; such punctuation is moved into the link's run.
 */
export function keepPunctuationWithLinks(runs: readonly Run[]): Run[] {
  const out = runs.map((run) => ({ ...run }));
  for (let index = 0; index < out.length - 1; index++) {
    const current = out[index];
    const next = out[index + 1];
    const closing = current.href && !next.href ? /^[.,;:!?)]+/.exec(next.text)?.[0] : undefined;
    if (closing) {
      current.text += closing;
      next.text = next.text.slice(closing.length);
    }
    const opening = !current.href && next.href ? /\($/.exec(current.text)?.[0] : undefined;
    if (opening) {
      next.text = opening + next.text;
      current.text = current.text.slice(0, -opening.length);
    }
  }
  return out.filter((run) => run.text.length > 0);
}

/** Writes rich text at (x, doc.y): links in the brand's text teal, underlined, clickable. */
function writeRichText(doc: Doc, text: RichText, at: { x: number; width: number; size: number; siteUrl: string }) {
  const runs = keepPunctuationWithLinks(runsOf(text));
  doc.font(FONTS.regular).fontSize(at.size);
  doc.x = at.x;
  runs.forEach((run, index) => {
    doc.fillColor(run.href ? COLORS.brandText : COLORS.body);
    doc.text(run.text, {
      width: at.width,
      lineGap: SIZES.lineGap,
      continued: index < runs.length - 1,
      link: run.href ? absoluteUrl(run.href, at.siteUrl) : null,
      underline: Boolean(run.href),
    });
  });
  doc.fillColor(COLORS.body);
}

/** The guide as a PDF file. */
export function renderGuidePdf(guide: Guide, options: RenderOptions): Promise<Buffer> {
  const reviewed = reviewDate(guide.lastReviewed);
  const doc = new PDFDocument({
    size: PAGE.size,
    margins: { top: PAGE.margin, left: PAGE.margin, right: PAGE.margin, bottom: PAGE.bottom },
    bufferPages: true,
    displayTitle: true,
    lang: "en-US",
    info: {
      Title: guide.title,
      Author: SITE_NAME,
      Subject: guide.summary,
      Keywords: "timeshare, consumer protection, scams",
      Creator: SITE_NAME,
      CreationDate: reviewed,
      ModDate: reviewed,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const writer = new GuideWriter(doc, options.siteUrl);
  writer.titleBand(guide, reviewed);
  for (const section of guide.sections) writer.section(section);
  writer.sources(guide);
  writer.latestVersion(guide);
  writer.footers(guide, reviewed);
  doc.end();
  return done;
}

class GuideWriter {
  constructor(
    private readonly doc: Doc,
    private readonly siteUrl: string,
  ) {}

  private get left() {
    return this.doc.page.margins.left;
  }

  private get width() {
    return this.doc.page.width - this.doc.page.margins.left - this.doc.page.margins.right;
  }

  private get bottom() {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }

  /** Starts a new page unless `height` points still fit on this one. */
  private ensureSpace(height: number) {
    if (this.doc.y + height > this.bottom) this.doc.addPage();
  }

  private bodyFont(size: number = SIZES.body) {
    this.doc.font(FONTS.regular).fontSize(size).fillColor(COLORS.body);
  }

  /** Rich text as one wrapped paragraph: links in the brand's text teal, underlined, clickable. */
  private richText(text: RichText, x: number, width: number, size: number = SIZES.body) {
    writeRichText(this.doc, text, { x, width, size, siteUrl: this.siteUrl });
    this.doc.x = this.left;
  }

  /**
   * How far `richText` would move down: written on a tall scratch page, because wrapping runs of
   * text with links does not always break where measuring the plain string would.
   */
  private richTextHeight(text: RichText, width: number, size: number = SIZES.body) {
    const scratch = (this.scratch ??= new PDFDocument({ size: [this.doc.page.width, 100_000], margin: 0 }));
    scratch.y = 0;
    writeRichText(scratch, text, { x: 0, width, size, siteUrl: this.siteUrl });
    return scratch.y;
  }

  private scratch: Doc | undefined;

  titleBand(guide: Guide, reviewed: Date) {
    const { doc } = this;
    const band = PAGE.bandHeight;
    doc.rect(0, 0, doc.page.width, band).fill(COLORS.ink);
    doc.rect(0, band, doc.page.width, 4).fill(COLORS.brand);

    const markSize = 40;
    const markX = this.left;
    const markY = 36;
    doc
      .save()
      .translate(markX, markY)
      .scale(markSize / 64);
    doc.path(MARK.shield).fill(COLORS.brand);
    for (const line of MARK.lines) doc.path(line).fill(COLORS.white);
    doc.circle(44, 44, 9).fill(COLORS.gold);
    doc.path(MARK.tick).fill(COLORS.white);
    doc.restore();

    const textX = markX + markSize + 12;
    doc
      .font(FONTS.bold)
      .fontSize(12)
      .fillColor(COLORS.brand)
      .text(SITE_NAME, textX, markY + 6, { lineBreak: false });
    doc
      .font(FONTS.regular)
      .fontSize(SIZES.small)
      .fillColor("#B3C6D6")
      .text(`Free ${LEAD_FORM_INFO[guide.form].resource} for timeshare owners and their families`, textX, markY + 23, { lineBreak: false });

    doc.font(FONTS.bold).fontSize(SIZES.title).fillColor(COLORS.white).text(guide.title, this.left, 92, { width: this.width });
    doc.moveDown(0.2);
    doc.font(FONTS.regular).fontSize(SIZES.subtitle).fillColor("#DBE4EC").text(guide.subtitle, { width: this.width, lineGap: 2 });

    doc.y = band + 18;
    doc.x = this.left;
    doc
      .font(FONTS.bold)
      .fontSize(SIZES.small)
      .fillColor(COLORS.inkMuted)
      .text(`LAST REVIEWED ${longDate(reviewed).toUpperCase()}`, { characterSpacing: 0.6 });
    doc.moveDown(0.5);
    this.richText(guide.summary, this.left, this.width, 11.5);
    doc.moveDown(0.6);
  }

  section(section: Section) {
    this.heading(section.heading, section.blocks[0] ? this.leadHeight(section.blocks[0]) : 0);
    for (const block of section.blocks) this.block(block);
  }

  /** The part of a block that must follow its heading on the same page. */
  private leadHeight(block: Block): number {
    switch (block.kind) {
      case "table": {
        const { rowHeight } = this.tableGeometry(block);
        return SIZES.small + 8 + rowHeight(block.header, FONTS.bold) + rowHeight(block.rows[0] ?? [], FONTS.regular);
      }
      case "callout":
        return this.calloutGeometry(block).height + 6;
      default:
        return 2 * (SIZES.body + SIZES.lineGap + 2);
    }
  }

  private heading(text: string, keepWithNext = 2 * (SIZES.body + SIZES.lineGap + 2)) {
    const { doc } = this;
    doc.moveDown(0.6);
    this.ensureSpace(SIZES.heading * 1.6 + keepWithNext);
    const y = doc.y;
    doc.rect(this.left, y + 1, 4, SIZES.heading).fill(COLORS.brand);
    doc
      .font(FONTS.bold)
      .fontSize(SIZES.heading)
      .fillColor(COLORS.ink)
      .text(text, this.left + 12, y, { width: this.width - 12 });
    doc.outline.addItem(text);
    doc.moveDown(0.35);
    doc.x = this.left;
  }

  private block(block: Block) {
    switch (block.kind) {
      case "paragraph":
        this.ensureSpace(2 * (SIZES.body + SIZES.lineGap));
        this.richText(block.text, this.left, this.width);
        this.doc.moveDown(0.6);
        return;
      case "bullets":
        this.list(block.items, "bullet");
        return;
      case "checklist":
        this.list(block.items, "checkbox");
        return;
      case "table":
        this.table(block);
        return;
      case "callout":
        this.callout(block);
        return;
    }
  }

  private list(items: readonly RichText[], marker: "bullet" | "checkbox") {
    const { doc } = this;
    const indent = marker === "bullet" ? BULLET_INDENT : CHECKBOX_INDENT;
    for (const item of items) {
      this.ensureSpace(2 * (SIZES.body + SIZES.lineGap));
      const y = doc.y;
      if (marker === "bullet") {
        doc.circle(this.left + 5, y + 5.5, 2.2).fill(COLORS.brand);
      } else {
        doc
          .lineWidth(1)
          .roundedRect(this.left + 1, y + 0.5, 10, 10, 1.5)
          .stroke(COLORS.brandText);
      }
      this.richText(item, this.left + indent, this.width - indent);
      doc.moveDown(marker === "checkbox" ? 0.4 : 0.3);
    }
    doc.moveDown(0.3);
  }

  private tableGeometry(table: Table) {
    const { doc } = this;
    const weights = table.widths ?? table.header.map(() => 1);
    const total = weights.reduce((sum, weight) => sum + weight, 0);
    const widths = weights.map((weight) => (this.width * weight) / total);
    const innerWidth = (column: number) => widths[column] - 2 * CELL_PADDING;
    const rowHeight = (cells: readonly string[], font: string) => {
      doc.font(font).fontSize(SIZES.table);
      return Math.max(...cells.map((cell, column) => doc.heightOfString(cell, { width: innerWidth(column), lineGap: 1.5 }))) + 2 * CELL_PADDING;
    };
    return { widths, innerWidth, rowHeight };
  }

  private table(table: Table) {
    const { doc } = this;
    const { widths, innerWidth, rowHeight } = this.tableGeometry(table);

    const drawRow = (cells: readonly string[], kind: "header" | "body", zebra: boolean) => {
      const font = kind === "header" ? FONTS.bold : FONTS.regular;
      const height = rowHeight(cells, font);
      const y = doc.y;
      const fill = kind === "header" ? COLORS.ink : zebra ? COLORS.inkTint : COLORS.white;
      doc.rect(this.left, y, this.width, height).fill(fill);
      let x = this.left;
      cells.forEach((cell, column) => {
        const cellFont = kind === "body" && column === 0 ? FONTS.bold : font;
        doc
          .font(cellFont)
          .fontSize(SIZES.table)
          .fillColor(kind === "header" ? COLORS.white : column === 0 ? COLORS.ink : COLORS.body)
          .text(cell, x + CELL_PADDING, y + CELL_PADDING, { width: innerWidth(column), lineGap: 1.5 });
        x += widths[column];
      });
      doc
        .moveTo(this.left, y + height)
        .lineTo(this.left + this.width, y + height)
        .lineWidth(0.5)
        .stroke(COLORS.rule);
      doc.y = y + height;
      doc.x = this.left;
    };

    this.ensureSpace(this.leadHeight(table));
    doc.font(FONTS.italic).fontSize(SIZES.small).fillColor(COLORS.inkMuted).text(table.caption, this.left, doc.y, { width: this.width });
    doc.moveDown(0.3);
    drawRow(table.header, "header", false);
    table.rows.forEach((row, index) => {
      if (doc.y + rowHeight(row, FONTS.regular) > this.bottom) {
        doc.addPage();
        drawRow(table.header, "header", false);
      }
      drawRow(row, "body", index % 2 === 1);
    });
    doc.moveDown(0.8);
  }

  private calloutGeometry(callout: Callout) {
    const pad = 12;
    const innerX = this.left + pad + 4;
    const innerWidth = this.width - 2 * pad - 4;
    const items = callout.items ?? [];
    this.doc.font(FONTS.bold).fontSize(12);
    const titleHeight = this.doc.heightOfString(callout.title, { width: innerWidth });
    const textHeight = this.richTextHeight(callout.text, innerWidth);
    const itemGap = 4;
    const itemsHeight = items.reduce((sum, item) => sum + this.richTextHeight(item, innerWidth - BULLET_INDENT), 0) + itemGap * Math.max(items.length - 1, 0);
    // The last line's own line gap already pads the bottom a little.
    const height = pad + titleHeight + 4 + textHeight + (items.length ? 6 + itemsHeight : 0) + pad - SIZES.lineGap;
    return { pad, innerX, innerWidth, items, itemGap, height };
  }

  private callout(callout: Callout) {
    const { doc } = this;
    const { pad, innerX, innerWidth, items, itemGap, height } = this.calloutGeometry(callout);

    this.ensureSpace(height + 6);
    const top = doc.y;
    doc.rect(this.left, top, this.width, height).fill(COLORS.goldTint);
    doc.rect(this.left, top, 4, height).fill(COLORS.gold);
    doc
      .font(FONTS.bold)
      .fontSize(12)
      .fillColor(COLORS.ink)
      .text(callout.title, innerX, top + pad, { width: innerWidth });
    doc.y += 4;
    this.richText(callout.text, innerX, innerWidth);
    if (items.length) doc.y += 6;
    items.forEach((item, index) => {
      if (index > 0) doc.y += itemGap;
      const y = doc.y;
      doc.circle(innerX + 5, y + 5.5, 2.2).fill(COLORS.gold);
      this.richText(item, innerX + BULLET_INDENT, innerWidth - BULLET_INDENT);
    });
    doc.y = Math.max(doc.y, top + height) + 10;
    doc.x = this.left;
  }

  sources(guide: Guide) {
    const { doc } = this;
    this.heading("Sources", 60);
    this.bodyFont(SIZES.small);
    doc.fillColor(COLORS.inkMuted).text("Laws and official guidance change. Check the current version at each source before you rely on it.", {
      width: this.width,
      lineGap: 1.5,
    });
    doc.moveDown(0.5);
    guide.sources.forEach((source, index) => {
      const number = `${index + 1}.`;
      const x = this.left + 18;
      const width = this.width - 18;
      doc.font(FONTS.bold).fontSize(SIZES.small);
      const height = doc.heightOfString(source.title, { width }) + doc.heightOfString(source.url, { width }) + 12;
      this.ensureSpace(height);
      const y = doc.y;
      doc.font(FONTS.regular).fontSize(SIZES.small).fillColor(COLORS.inkMuted).text(number, this.left, y, { width: 16 });
      doc.font(FONTS.bold).fontSize(SIZES.small).fillColor(COLORS.brandText).text(source.title, x, y, {
        width,
        link: source.url,
        underline: true,
        continued: true,
      });
      doc.font(FONTS.regular).fillColor(COLORS.inkMuted).text(` \u2014 ${source.publisher}`, { link: null, underline: false });
      doc.font(FONTS.regular).fontSize(SIZES.small).fillColor(COLORS.body).text(source.url, x, doc.y, { width, link: source.url, underline: false });
      doc.moveDown(0.2);
      doc.x = this.left;
    });
  }

  latestVersion(guide: Guide) {
    const { doc } = this;
    const info = LEAD_FORM_INFO[guide.form];
    const pageUrl = absoluteUrl(info.path, this.siteUrl);
    doc.moveDown(0.5);
    this.ensureSpace(34);
    doc
      .moveTo(this.left, doc.y)
      .lineTo(this.left + this.width, doc.y)
      .lineWidth(0.5)
      .stroke(COLORS.rule);
    doc.moveDown(0.4);
    this.richText(
      [
        `This ${info.resource} is free to copy and share. The latest version is always at `,
        { text: pageUrl, href: pageUrl },
        `. ${SITE_NAME} is a nonprofit; it is not a law firm or a government agency, and this is general information, not legal advice.`,
      ],
      this.left,
      this.width,
      SIZES.small,
    );
  }

  /** Footer on every page, written once the page count is known. */
  footers(guide: Guide, reviewed: Date) {
    const { doc } = this;
    const range = doc.bufferedPageRange();
    for (let index = range.start; index < range.start + range.count; index++) {
      doc.switchToPage(index);
      // Writing below the bottom margin would otherwise start a new page.
      const bottomMargin = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      const y = doc.page.height - 40;
      doc
        .moveTo(this.left, y - 8)
        .lineTo(this.left + this.width, y - 8)
        .lineWidth(0.5)
        .stroke(COLORS.rule);
      doc
        .font(FONTS.regular)
        .fontSize(SIZES.small)
        .fillColor(COLORS.inkMuted)
        .text(`${SITE_NAME}  \u00b7  ${guide.title}  \u00b7  Last reviewed ${longDate(reviewed)}`, this.left, y, {
          width: this.width - 70,
          lineBreak: false,
        });
      doc.text(`Page ${index - range.start + 1} of ${range.count}`, this.left + this.width - 70, y, { width: 70, align: "right", lineBreak: false });
      doc.page.margins.bottom = bottomMargin;
    }
  }
}
