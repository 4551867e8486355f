// Writes the static files of the built site after `vite build` and the SSR build:
//   dist/<route>/index.html  each public route without parameters, rendered, with its own <head>
//                            (title, description, canonical, Open Graph, Twitter card)
//   dist/_templates/*.html   the petition pages (sign, share, thank-you) rendered for a placeholder petition;
//                            the petition-page function fills in a real one (packages/core/src/site/petition-template.ts)
//   dist/spa.html            the SPA shell: fallback for every other path (and petitions that do not exist)
//   dist/admin/index.html    the shell for /admin/*, marked noindex
//   dist/sitemap.xml, dist/robots.txt   from the route list
//   dist/donation.html       sends the visitor to the foundation's payment page (DONATION_URL)
import { access, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dist = path.join(webRoot, "dist");
const ssrDir = path.join(webRoot, "dist-ssr");
const ROOT = '<div id="root"></div>';
const HEAD = "<!--app-head-->";

const template = await readFile(path.join(dist, "index.html"), "utf8");
if (!template.includes(ROOT) || !template.includes(HEAD)) {
  throw new Error(`dist/index.html is not the Vite shell (missing ${ROOT} or ${HEAD}); run vite build first`);
}

const ssr = await import(pathToFileURL(path.join(ssrDir, "entry-server.js")).href);
await ssr.preloadAllPages();
const { render, renderHead, renderMantineStyles, withHead, PRERENDER_ROUTES, PAGE_SOURCES, shareImagePath, SITE_URL, SITE_NAME, DONATION_URL } = ssr;
const { usesCaptcha, withoutCaptchaMeta } = ssr;
const { ROUTE_DESCRIPTIONS, renderPetitionPage, fillPetitionTemplate, PETITION_TEMPLATES, TEMPLATE_PETITION, templatePath } = ssr;
const manifest = JSON.parse(await readFile(path.join(dist, ".vite", "manifest.json"), "utf8"));

/** The chunks `key` needs at once (itself and its static imports, recursively), from the build manifest. */
function chunksOf(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  if (!manifest[key]) throw new Error(`The build manifest has no ${key}`);
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) chunksOf(imported, seen);
  return seen;
}
const entryChunks = chunksOf("index.html");
const appChunks = chunksOf("src/boot.tsx");

/**
 * The chunks the page `key` loads later, on demand (web/src/lib/deferred.ts: a form's rules, a
 * guide's text), with their static imports: the dynamic imports of the page's own chunks, not of the
 * app's (which can load every page and the admin area).
 */
function laterChunksOf(key, seen = new Set()) {
  for (const chunk of chunksOf(key)) {
    if (appChunks.has(chunk)) continue;
    for (const later of manifest[chunk].dynamicImports ?? []) {
      if (seen.has(later)) continue;
      seen.add(later);
      laterChunksOf(later, seen);
    }
  }
  return seen;
}

/**
 * <link>s for the CSS of the app and of the page (what the bootstrap entry does not already load), so
 * it is there at first paint: nothing shifts when the scripts arrive. That includes the CSS of what
 * the page loads later (a guide's text is on the screen, prerendered, before its code is loaded). The
 * scripts themselves are fetched by the bootstrap after the first paint (web/src/main.tsx), so no
 * modulepreload.
 */
function pageAssetLinks(routePath) {
  const source = PAGE_SOURCES[routePath];
  if (!source) throw new Error(`${routePath} has no page module (web/src/pageSources.ts)`);
  const later = [...laterChunksOf(source)].flatMap((key) => [...chunksOf(key)]);
  const chunks = [...new Set([...appChunks, ...chunksOf(source), ...later])].filter((key) => !entryChunks.has(key));
  const css = [...new Set(chunks.flatMap((key) => manifest[key].css ?? []))];
  return css.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`).join("\n    ");
}

const escapeHtml = (text) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * Mantine's styles for the theme (its CSS variables and global classes), the same for every page:
 * the last thing in each page's <head>, where the browser's Mantine would otherwise render them at
 * the top of the app (web/src/Providers.tsx).
 */
const mantineStyles = renderMantineStyles();
if (!mantineStyles.includes("data-mantine-styles")) throw new Error("renderMantineStyles() rendered no Mantine styles");
const withMantineStyles = (html) => html.replace("</head>", () => `  ${mantineStyles}\n  </head>`);

async function write(rel, content) {
  const file = path.join(dist, rel);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, content);
  console.log(`wrote ${rel} (${(Buffer.byteLength(content) / 1024).toFixed(1)} kB)`);
}

const shell = template.replace(HEAD, () => renderHead());

/**
 * A page that runs no reCAPTCHA gets the stricter policy as the first element of its <head>, before
 * any script (a meta policy covers only what follows it).
 */
const forPage = (html, pagePath) => (usesCaptcha(pagePath) ? html : html.replace(/<head>/, () => `<head>\n    ${withoutCaptchaMeta()}`));
const home = PRERENDER_ROUTES.find((r) => r.path === "/");
const headOf = (route) => ({
  title: route.title,
  description: ROUTE_DESCRIPTIONS[route.path],
  path: route.path,
  image: shareImagePath(route.path),
  imageAlt: `${route.title} - ${SITE_NAME}`,
  index: route.index,
});

for (const route of PRERENDER_ROUTES) {
  try {
    await access(path.join(dist, shareImagePath(route.path)));
  } catch {
    throw new Error(`${route.path} has no share image ${shareImagePath(route.path)}: run \`npm run share-images\``);
  }
}

/**
 * The SPA shell serves pages the app renders (the links of a signer's e-mails, a petition that does
 * not exist): nothing is painted before the scripts run, so the app is preloaded with the HTML (no
 * first paint to protect). Not any page's own chunk: the shell does not know which page it serves,
 * and preloading all of them would load every one of those pages' code on each (the bootstrap loads
 * the page's, with its imports, alongside the app).
 */
function appPreloadLinks() {
  const keys = ["src/start.ts", "src/boot.tsx"];
  const chunks = [...new Set(keys.flatMap((key) => [...chunksOf(key)]))].filter((key) => !entryChunks.has(key));
  const css = [...new Set(chunks.flatMap((key) => manifest[key].css ?? []))];
  return [
    ...css.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...chunks.map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key].file}">`),
  ].join("\n    ");
}

// The SPA shell serves routes with parameters and petitions that do not exist (a known petition's
// sign page is filled from its template): none runs reCAPTCHA. Nor does the admin area.
await write(
  "spa.html",
  forPage(withMantineStyles(withHead(shell, { ...headOf(home), index: true }, SITE_URL).replace("</head>", () => `  ${appPreloadLinks()}\n  </head>`)), "/spa"),
);
await write(
  "admin/index.html",
  forPage(withMantineStyles(withHead(shell, { ...headOf(home), title: `Admin | ${SITE_NAME}`, path: "/admin/login", index: false }, SITE_URL)), "/admin"),
);

for (const route of PRERENDER_ROUTES) {
  const body = render(route.path);
  if (!body) throw new Error(`Prerendering ${route.path} produced no HTML`);
  const html = withHead(shell, headOf(route), SITE_URL)
    .replace("</head>", () => `  ${pageAssetLinks(route.path)}\n  </head>`)
    .replace(ROOT, () => `<div id="root" data-prerendered="${escapeHtml(route.path)}">${body}</div>`);
  await write(route.path === "/" ? "index.html" : path.join(route.path.slice(1), "index.html"), forPage(withMantineStyles(html), route.path));
}

/**
 * Petitions the build fills each template with and compares with React's own render of the same
 * petition: text that needs escaping, a token in a story, no goal, a fraction, more than the goal.
 */
const SAMPLE_PETITIONS = [
  {
    id: "fair-exit-rights",
    title: `Fair "exit" <rights> & 'more'`,
    story: "Line one\nLine <b>two</b> & 'three' \"four\" %%PETITION_TITLE%%",
    goal: 0,
    signatureCount: 1234,
    createdAt: "2026-01-01T00:00:00.000Z",
  },
  { id: "a-third", title: "A third", story: "Thirds.", goal: 3, signatureCount: 1, createdAt: "2026-01-01T00:00:00.000Z" },
  { id: "over-9", title: "Over the goal ☺", story: "Done.", goal: 10, signatureCount: 25_000, createdAt: "2026-01-01T00:00:00.000Z" },
];

for (const [name, routePath] of Object.entries(PETITION_TEMPLATES)) {
  const pathFor = (id) => routePath.replace(":id", id);
  const body = renderPetitionPage(pathFor(TEMPLATE_PETITION.id), TEMPLATE_PETITION);
  if (!body.includes(TEMPLATE_PETITION.title)) throw new Error(`The ${name} template does not show the petition's title`);
  for (const sample of SAMPLE_PETITIONS) {
    const filled = fillPetitionTemplate(body, sample);
    const rendered = renderPetitionPage(pathFor(sample.id), sample);
    if (filled !== rendered) {
      let at = 0;
      while (at < filled.length && filled[at] === rendered[at]) at++;
      throw new Error(
        `The ${name} template filled with petition ${sample.id} differs from React's render at ${at}:\n` +
          `  filled:   ${filled.slice(Math.max(0, at - 80), at + 80)}\n  rendered: ${rendered.slice(Math.max(0, at - 80), at + 80)}`,
      );
    }
  }
  const templateHead = { ...headOf(home), title: `Petition | ${SITE_NAME}`, path: pathFor(TEMPLATE_PETITION.id), index: false };
  const html = withHead(shell, templateHead, SITE_URL)
    .replace("</head>", () => `  ${pageAssetLinks(routePath)}\n  </head>`)
    .replace(ROOT, () => `<div id="root" data-prerendered="${escapeHtml(pathFor(TEMPLATE_PETITION.id))}">${body}</div>`);
  await write(templatePath(name).slice(1), forPage(withMantineStyles(html), pathFor(TEMPLATE_PETITION.id)));
}

const indexed = PRERENDER_ROUTES.filter((r) => r.index !== false);
await write(
  "sitemap.xml",
  `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${indexed.map((r) => `  <url><loc>${escapeHtml(`${SITE_URL}${r.path}`)}</loc></url>`).join("\n")}
</urlset>
`,
);
// the published scam alerts are data: their sitemap is served by the public-scam-alert-sitemap function
await write(
  "robots.txt",
  `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /_templates/\n\nSitemap: ${SITE_URL}/sitemap.xml\nSitemap: ${SITE_URL}${ssr.ALERT_SITEMAP_PATH}\n`,
);

const donationBody = DONATION_URL
  ? `<h1>Taking you to our secure donation page…</h1>
    <p>If nothing happens, <a href="${escapeHtml(DONATION_URL)}">continue to the donation page</a>.</p>`
  : `<h1>Online donations are not open yet</h1>
    <p>Thank you for wanting to support timeshare owners. Our online donation page is being set up; please come back soon.</p>`;
await write(
  "donation.html",
  `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    ${DONATION_URL ? `<meta http-equiv="refresh" content="0; url=${escapeHtml(DONATION_URL)}" />` : ""}
    <title>Donate | ${escapeHtml(SITE_NAME)}</title>
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <style>
      body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; color: #0f2a3d; background: #f8f9fa; }
      main { max-width: 560px; margin: 12vh auto; padding: 32px; background: #fff; border-radius: 12px; border-top: 6px solid #01bd9b; }
      h1 { font-size: 1.6rem; margin: 0 0 12px; }
      a { color: #01604f; font-weight: 700; }
    </style>
  </head>
  <body>
    <main>
    ${donationBody}
    <p><a href="/donate">Back to ways to give</a> · <a href="/">Home</a></p>
    </main>
  </body>
</html>
`,
);

await rm(ssrDir, { recursive: true, force: true });
