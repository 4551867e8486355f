import PDFDocument from "pdfkit";
import { SITE_NAME } from "../site/page-head";
import { COLORS, FONTS, PAGE, SIZES } from "../site/pdf-theme";
import { SMALL_CELL_MINIMUM } from "../signature/public-count";
import { UNKNOWN_STATE, headline, ranked, timeline, type StateKey, type Tally } from "./tally";
import { US_STATES } from "../place/us-states";

/**
 * The delivery pack as a PDF, drawn with pdfkit (as the guides are, in the same look): the
 * petition's title and text, the count (verified only where signers confirmed from their mailbox) and its date, signatures by US state, the chosen
 * state's cities (a city with fewer than SMALL_CELL_MINIMUM signatures only in a total line: a small
 * cell can point at a person), and the timeline of signing as a table with bars. No names (input.ts).
 * Real text in the standard Helvetica faces, so the file is searchable and a test can read it.
 */

export interface PackPetition {
  id: string;
  title: string;
  story: string;
}

type Doc = PDFKit.PDFDocument;

/** Cities listed for the chosen state; the rest are summed on one line. */
export const MAX_CITY_ROWS = 500;
const ROW = 16;

const count = (n: number) => n.toLocaleString("en-US");
const percent = (n: number, of: number) => (of > 0 ? `${((n / of) * 100).toFixed(1)}%` : "—");
const stateName = (key: StateKey) => (key === UNKNOWN_STATE ? "State not known" : `${US_STATES[key]} (${key})`);
const longDate = (at: Date) =>
  new Intl.DateTimeFormat("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: "America/New_York",
    timeZoneName: "short",
  }).format(at);

/** Characters the standard fonts (WinAnsi) cannot show become "?", so a name never garbles a line. */
const WIN_ANSI_EXTRA = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");
export function printable(text: string): string {
  return [...text.normalize("NFC")].map((c) => (c.charCodeAt(0) <= 0xff || WIN_ANSI_EXTRA.has(c) ? c : "?")).join("");
}

export function renderDeliveryPack(petition: PackPetition, tally: Tally, at: Date): Promise<Buffer> {
  const doc = new PDFDocument({
    size: PAGE.size,
    margins: { top: PAGE.margin, left: PAGE.margin, right: PAGE.margin, bottom: PAGE.bottom },
    bufferPages: true,
    displayTitle: true,
    lang: "en-US",
    info: { Title: printable(`${petition.title}: delivery pack`), Author: SITE_NAME, Creator: SITE_NAME, CreationDate: at, ModDate: at },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const w = new PackWriter(doc);
  w.cover(petition, tally, at);
  w.story(petition.story);
  w.states(tally);
  if (tally.options.state) w.cities(tally);
  w.timeline(tally);
  w.footers(petition, at);
  doc.end();
  return done;
}

interface Column {
  header: string;
  width: number;
  align?: "left" | "right";
}

class PackWriter {
  constructor(private readonly doc: Doc) {}

  private get left() {
    return this.doc.page.margins.left;
  }
  private get width() {
    return this.doc.page.width - this.doc.page.margins.left - this.doc.page.margins.right;
  }
  private get bottom() {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }
  private ensureSpace(height: number) {
    if (this.doc.y + height > this.bottom) this.doc.addPage();
  }

  private text(value: string, options: { font?: string; size?: number; color?: string; gap?: number } = {}) {
    this.doc
      .font(options.font ?? FONTS.regular)
      .fontSize(options.size ?? SIZES.body)
      .fillColor(options.color ?? COLORS.body);
    this.doc.text(printable(value), this.left, this.doc.y, { width: this.width, lineGap: SIZES.lineGap });
    this.doc.moveDown(options.gap ?? 0.4);
  }

  private heading(value: string) {
    this.ensureSpace(60);
    this.doc.moveDown(0.6);
    this.text(value, { font: FONTS.bold, size: SIZES.heading, color: COLORS.ink, gap: 0.3 });
  }

  /** Cuts `value` to fit `width` at the current font, with an ellipsis. */
  private fit(value: string, width: number): string {
    const text = printable(value);
    if (this.doc.widthOfString(text) <= width) return text;
    let end = text.length;
    while (end > 0 && this.doc.widthOfString(`${text.slice(0, end)}…`) > width) end--;
    return `${text.slice(0, end)}…`;
  }

  private row(cells: string[], columns: Column[], options: { header?: boolean; shade?: boolean }) {
    const y = this.doc.y;
    if (options.header || options.shade) {
      this.doc
        .rect(this.left, y, this.width, ROW)
        .fill(options.header ? COLORS.ink : COLORS.inkTint)
        .fillColor(COLORS.body);
    }
    this.doc
      .font(options.header ? FONTS.bold : FONTS.regular)
      .fontSize(SIZES.table)
      .fillColor(options.header ? COLORS.white : COLORS.body);
    let x = this.left;
    columns.forEach((column, i) => {
      const inner = column.width - 10;
      this.doc.text(this.fit(cells[i] ?? "", inner), x + 5, y + 4, { width: inner, align: column.align ?? "left", lineBreak: false });
      x += column.width;
    });
    this.doc.y = y + ROW;
    this.doc.x = this.left;
  }

  /** A table that breaks between rows, repeating its header; `bar` draws a share of the last column. */
  private table(columns: Column[], rows: string[][], bar?: (index: number) => number) {
    const header = () =>
      this.row(
        columns.map((c) => c.header),
        columns,
        { header: true },
      );
    this.ensureSpace(ROW * 3);
    header();
    rows.forEach((cells, index) => {
      if (this.doc.y + ROW > this.bottom) {
        this.doc.addPage();
        header();
      }
      const y = this.doc.y;
      this.row(cells, columns, { shade: index % 2 === 1 });
      if (bar) {
        const last = columns[columns.length - 1];
        const x = this.left + this.width - last.width + 5;
        const length = Math.max(0, Math.min(1, bar(index))) * (last.width - 10);
        if (length > 0) this.doc.rect(x, y + 4, length, ROW - 8).fill(COLORS.brand);
      }
    });
    this.doc.moveDown(0.5);
  }

  cover(petition: PackPetition, tally: Tally, at: Date) {
    const doc = this.doc;
    doc.rect(0, 0, doc.page.width, PAGE.bandHeight).fill(COLORS.ink);
    doc
      .font(FONTS.bold)
      .fontSize(SIZES.small)
      .fillColor(COLORS.brand)
      .text(`${SITE_NAME.toUpperCase()} · PETITION DELIVERY`, this.left, 48, { width: this.width });
    doc.moveDown(0.6);
    doc.font(FONTS.bold).fontSize(SIZES.title).fillColor(COLORS.white).text(printable(petition.title), { width: this.width, height: 92, ellipsis: true });
    doc.y = PAGE.bandHeight + 24;
    this.text(headline(tally), { font: FONTS.bold, size: 20, color: COLORS.brandText, gap: 0.2 });
    this.text(`Counted on ${longDate(at)}.`, { color: COLORS.inkMuted });
    const parts = [`${count(tally.unitedStates)} from the United States`, `${count(tally.elsewhere)} from elsewhere or from an unknown country`];
    this.text(`${parts.join(", ")}.`, { color: COLORS.inkMuted });
    if (tally.pending > 0) {
      this.text(`Not counted here: ${count(tally.pending)} unconfirmed ${tally.pending === 1 ? "signature" : "signatures"} awaiting e-mail confirmation.`, {
        color: COLORS.inkMuted,
      });
    }
    this.text("Locations are where each signer's connection came from when they signed, as our network provider reported it.", {
      size: SIZES.small,
      color: COLORS.inkMuted,
    });
  }

  story(story: string) {
    this.heading("The petition");
    for (const paragraph of story
      .split(/\n\s*\n/)
      .map((p) => p.trim())
      .filter(Boolean))
      this.text(paragraph, { gap: 0.6 });
  }

  states(tally: Tally) {
    this.heading("Signatures by state");
    const rows = ranked(tally.byState);
    if (rows.length === 0) {
      this.text("No counted signature came from the United States.");
      return;
    }
    const most = rows[0][1];
    this.table(
      [
        { header: "State", width: this.width * 0.4 },
        { header: "Signatures", width: this.width * 0.15, align: "right" },
        { header: "Share of US", width: this.width * 0.15, align: "right" },
        { header: "", width: this.width * 0.3 },
      ],
      rows.map(([state, n]) => [stateName(state), count(n), percent(n, tally.unitedStates), ""]),
      (i) => rows[i][1] / most,
    );
  }

  cities(tally: Tally) {
    const state = tally.options.state!;
    this.heading(`Signatures in ${US_STATES[state]} by city`);
    const rows = ranked(tally.byCity);
    if (rows.length === 0) {
      this.text(`No counted signature came from ${US_STATES[state]}.`);
      return;
    }
    const large = rows.filter(([, n]) => n >= SMALL_CELL_MINIMUM);
    const shown = large.slice(0, MAX_CITY_ROWS);
    const rest = [...large.slice(MAX_CITY_ROWS), ...rows.filter(([, n]) => n < SMALL_CELL_MINIMUM)];
    const total = tally.byState.get(state) ?? 0;
    if (shown.length)
      this.table(
        [
          { header: "City", width: this.width * 0.55 },
          { header: "Signatures", width: this.width * 0.2, align: "right" },
          { header: `Share of ${state}`, width: this.width * 0.25, align: "right" },
        ],
        shown.map(([city, n]) => [city, count(n), percent(n, total)]),
      );
    if (rest.length) {
      const between = count(rest.reduce((n, [, c]) => n + c, 0));
      const cities = `${count(rest.length)} ${shown.length ? "more " : ""}${rest.length === 1 ? "city" : "cities"}`;
      this.text(`${shown.length ? "And " : ""}${cities} with ${between} signatures between them (a city with fewer than ${SMALL_CELL_MINIMUM} is not named).`);
    }
  }

  timeline(tally: Tally) {
    const { period, rows } = timeline(tally.byDay);
    this.heading(`Signing over time, by ${period}`);
    if (rows.length === 0) {
      this.text("No counted signatures yet.");
      return;
    }
    const most = Math.max(...rows.map(([, n]) => n));
    let running = 0;
    const label = (key: string) => (period === "week" ? `Week of ${key}` : key);
    this.table(
      [
        { header: period === "day" ? "Day" : period === "week" ? "Week (from Monday)" : "Month", width: this.width * 0.25 },
        { header: "Signatures", width: this.width * 0.15, align: "right" },
        { header: "Running total", width: this.width * 0.18, align: "right" },
        { header: "", width: this.width * 0.42 },
      ],
      rows.map(([key, n]) => [label(key), count(n), count((running += n))]),
      (i) => rows[i][1] / most,
    );
  }

  footers(petition: PackPetition, at: Date) {
    const doc = this.doc;
    const range = doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      doc.switchToPage(i);
      const bottomMargin = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      const y = doc.page.height - PAGE.margin + 6;
      doc.font(FONTS.regular).fontSize(SIZES.small).fillColor(COLORS.inkMuted);
      doc.text(this.fit(`${petition.title} · counted ${at.toISOString().slice(0, 10)}`, this.width * 0.75), this.left, y, {
        width: this.width * 0.75,
        lineBreak: false,
      });
      doc.text(`Page ${i + 1} of ${range.count}`, this.left, y, { width: this.width, align: "right", lineBreak: false });
      doc.page.margins.bottom = bottomMargin;
    }
  }
}
