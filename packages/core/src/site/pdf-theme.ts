/**
 * The PDF look of the guides (scripts/guides) and of the delivery pack (delivery-pack/pdf.ts): the
 * site's brand colours (the same hex values as web/src/theme.ts, whose Mantine module cannot be
 * loaded in Node), type sizes and the page. Letter size: the foundation's readers are in the
 * United States.
 */
export const COLORS = {
  /** brand teal, shade 6 (BRAND_HEX): accents only, too light for text on white */
  brand: "#01BD9B",
  /** brand teal, shade 8: links and small accents in text (4.95:1 on white) */
  brandText: "#017F6A",
  /** brand tint, shade 0: callout and zebra backgrounds */
  brandTint: "#E6FBF7",
  /** gold, shade 6 (GOLD_HEX) */
  gold: "#E0AC3F",
  goldTint: "#FDF7E8",
  /** ink (navy), shade 9: headings, the title band, table headers */
  ink: "#0F2A3D",
  /** ink, shade 7: secondary text */
  inkMuted: "#2F5472",
  inkTint: "#EEF3F7",
  body: "#1B2A36",
  white: "#FFFFFF",
  rule: "#B3C6D6",
} as const;

export const FONTS = {
  regular: "Helvetica",
  bold: "Helvetica-Bold",
  italic: "Helvetica-Oblique",
} as const;

export const SIZES = {
  title: 24,
  subtitle: 11.5,
  heading: 14,
  body: 10.5,
  table: 9,
  small: 8.5,
  lineGap: 2,
} as const;

export const PAGE = {
  size: "LETTER",
  margin: 54,
  /** room under the text for the footer line */
  bottom: 66,
  /** the first page's navy title band */
  bandHeight: 170,
} as const;

/** The site's shield mark (scripts/share-images.ts), drawn on a 64×64 grid. */
export const MARK = {
  shield: "M32 4 L8 13 V30 C8 45 18.3 56.6 32 60 C45.7 56.6 56 45 56 30 V13 Z",
  lines: ["M22 30h20v4H22z", "M22 22h20v4H22z", "M22 38h13v4H22z"],
  tick: "m40.2 44 2.6 2.6 5-5.2-1.5-1.4-3.5 3.7-1.1-1.1z",
} as const;
