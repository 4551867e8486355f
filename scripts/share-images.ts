/**
 * Draws the share image (1200×630 JPEG, the size of every network's large card) of each prerendered
 * public route, and the one of petition links, into web/public/share-images/. The images are
 * committed: run `npm run share-images` after adding a route or changing a title (the web build
 * refuses a route without its image). Drawn here from the brand's shapes and the page's title, with
 * the machine's Chromium (CHROMIUM_PATH), never from pictures copied from elsewhere.
 */
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { SHARE_IMAGE_SIZE, SITE_NAME, escapeHtml } from "@site/core/site/page-head";
import { launchBrowser } from "../test/support/browser";
import { PETITION_SHARE_IMAGE, PRERENDER_ROUTES, shareImagePath } from "../web/src/publicRoutes";
import { SCAM_ALERT_SHARE_IMAGE } from "@site/core/alerts/page";

const outDir = path.resolve("web/public");

const MARK = `<svg width="96" height="96" viewBox="0 0 64 64" aria-hidden="true">
  <path fill="#01BD9B" d="M32 4 8 13v17c0 15 10.3 26.6 24 30 13.7-3.4 24-15 24-30V13L32 4Z" />
  <path fill="#fff" d="M22 30h20v4H22zM22 22h20v4H22zM22 38h13v4H22z" />
  <circle cx="44" cy="44" r="9" fill="#E0AC3F" /><path fill="#fff" d="m40.2 44 2.6 2.6 5-5.2-1.5-1.4-3.5 3.7-1.1-1.1z" />
</svg>`;

function card(title: string, tagline: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><style>
  * { box-sizing: border-box; margin: 0; }
  body { width: ${SHARE_IMAGE_SIZE.width}px; height: ${SHARE_IMAGE_SIZE.height}px; overflow: hidden;
    font-family: "DejaVu Sans", "Liberation Sans", Arial, sans-serif; color: #fff;
    background: radial-gradient(900px 420px at 90% -10%, rgba(1,189,155,.55), transparent 60%),
      radial-gradient(600px 380px at -10% 115%, rgba(224,172,63,.35), transparent 60%),
      linear-gradient(135deg, #0f2a3d 0%, #163f5a 55%, #0d5a52 100%);
    display: flex; flex-direction: column; justify-content: space-between; padding: 64px 72px; }
  .brand { display: flex; align-items: center; gap: 22px; font-size: 34px; font-weight: 700; }
  h1 { font-size: ${title.length > 40 ? 62 : 76}px; line-height: 1.08; font-weight: 800; letter-spacing: -1px; max-width: 1000px; }
  .bar { width: 160px; height: 10px; border-radius: 5px; background: #E0AC3F; margin-bottom: 26px; }
  p { font-size: 30px; color: rgba(255,255,255,.9); }
</style></head><body>
  <div class="brand">${MARK}<span>${escapeHtml(SITE_NAME)}</span></div>
  <div><div class="bar"></div><h1>${escapeHtml(title)}</h1></div>
  <p>${escapeHtml(tagline)}</p>
</body></html>`;
}

const TAGLINE = "A nonprofit protecting timeshare owners and their families";
const titleOf = (title: string) => title.replace(` | ${SITE_NAME}`, "").replace(`${SITE_NAME} | `, "");

const images = [
  ...PRERENDER_ROUTES.map((r) => ({ file: shareImagePath(r.path), title: titleOf(r.title), tagline: TAGLINE })),
  {
    file: PETITION_SHARE_IMAGE,
    title: "Sign the petition for fair timeshare cancellation rights",
    tagline: "Longer rescission periods · No inherited timeshare debt",
  },
  {
    file: SCAM_ALERT_SHARE_IMAGE,
    title: "Scam alert: check a company before you pay",
    tagline: "Published from timeshare owners' reports",
  },
];

const browser = await launchBrowser();
try {
  const page = await browser.newPage({ viewport: SHARE_IMAGE_SIZE, deviceScaleFactor: 1 });
  for (const image of images) {
    await page.setContent(card(image.title, image.tagline));
    const file = path.join(outDir, image.file);
    await mkdir(path.dirname(file), { recursive: true });
    await page.screenshot({ path: file, type: "jpeg", quality: 85 });
    console.log(`drew ${path.relative(process.cwd(), file)}`);
  }
} finally {
  await browser.close();
}
