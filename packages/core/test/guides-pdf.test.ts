import { PDFDict, PDFDocument, PDFName, PDFString, PDFHexString } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { absoluteUrl, keepPunctuationWithLinks, renderGuidePdf, reviewDate } from "../../../scripts/guides/render-pdf";
import { GUIDES, linksOf } from "../src/guides";
import { LEAD_FORMS } from "../src/lead/forms";
import { SITE_NAME } from "../src/site/page-head";

const SITE_URL = "https://owners.example.org";

/** Every URI of every link annotation, page by page. */
function linkUris(pdf: PDFDocument): string[] {
  const uris: string[] = [];
  for (const page of pdf.getPages()) {
    const annots = page.node.Annots();
    if (!annots) continue;
    for (let index = 0; index < annots.size(); index++) {
      const annot = annots.lookup(index, PDFDict);
      if (annot.get(PDFName.of("Subtype")) !== PDFName.of("Link")) continue;
      const uri = annot.lookup(PDFName.of("A"), PDFDict).lookup(PDFName.of("URI"));
      if (uri instanceof PDFString || uri instanceof PDFHexString) uris.push(uri.decodeText());
    }
  }
  return uris;
}

describe("the guides' PDFs", () => {
  it.each(LEAD_FORMS)("%s: a valid PDF with its title, author, dates and every link clickable", async (form) => {
    const guide = GUIDES[form];
    const bytes = await renderGuidePdf(guide, { siteUrl: SITE_URL });
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");

    const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(1);
    expect(pdf.getTitle()).toBe(guide.title);
    expect(pdf.getAuthor()).toBe(SITE_NAME);
    expect(pdf.getSubject()).toBe(guide.summary);
    expect(pdf.getCreationDate()?.toISOString()).toBe(`${guide.lastReviewed}T00:00:00.000Z`);

    const uris = new Set(linkUris(pdf));
    for (const source of guide.sources) expect(uris, source.url).toContain(source.url);
    for (const { href } of linksOf(guide)) expect(uris, href).toContain(absoluteUrl(href, SITE_URL));
    for (const uri of uris) expect(uri.startsWith("https://"), uri).toBe(true);
  });

  it("renders the same bytes twice: the build is reproducible", async () => {
    const guide = GUIDES["where-scams-thrive"];
    const first = await renderGuidePdf(guide, { siteUrl: SITE_URL });
    const second = await renderGuidePdf(guide, { siteUrl: SITE_URL });
    expect(first.equals(second)).toBe(true);
  });

  it("refuses a last-reviewed date that does not exist", () => {
    expect(reviewDate("2026-11-22").toISOString()).toBe("2026-11-22T00:00:00.000Z");
    expect(() => reviewDate("2026-02-30")).toThrow(/YYYY-MM-DD/);
    expect(() => reviewDate("22/11/2026")).toThrow(/YYYY-MM-DD/);
  });

  it("makes links to the site's own pages absolute", () => {
    expect(absoluteUrl("/report-scam", SITE_URL)).toBe("https://owners.example.org/report-scam");
    expect(absoluteUrl("https://www.ic3.gov", SITE_URL)).toBe("https://www.ic3.gov");
  });

  it("keeps the punctuation around a link on the link's line", () => {
    expect(
      keepPunctuationWithLinks([
        { text: "at " },
        { text: "ic3.gov", href: "https://www.ic3.gov" },
        { text: ", if online (" },
        { text: "x", href: "https://a.example" },
        { text: ")." },
      ]),
    ).toEqual([{ text: "at " }, { text: "ic3.gov,", href: "https://www.ic3.gov" }, { text: " if online " }, { text: "(x).", href: "https://a.example" }]);
  });
});
