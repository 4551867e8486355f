// Renders the public routes without parameters to static HTML after `vite build` and the SSR build.
//   dist/spa.html          the untouched SPA shell (fallback for every other path, e.g. /sign/x)
//   dist/index.html        "/" prerendered
//   dist/<route>/index.html each other prerendered route
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dist = path.join(webRoot, "dist");
const ssrDir = path.join(webRoot, "dist-ssr");
const ROOT = '<div id="root"></div>';
const HEAD = "<!--app-head-->";

const escapeHtml = (text) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const template = await readFile(path.join(dist, "index.html"), "utf8");
if (!template.includes(ROOT) || !template.includes(HEAD)) {
  throw new Error(`dist/index.html is not the Vite shell (missing ${ROOT} or ${HEAD}); run vite build first`);
}

const { render, renderHead, PRERENDER_ROUTES } = await import(pathToFileURL(path.join(ssrDir, "entry-server.js")).href);

const shell = template.replace(HEAD, renderHead());
await writeFile(path.join(dist, "spa.html"), shell);

for (const route of PRERENDER_ROUTES) {
  const body = render(route.path);
  if (!body) throw new Error(`Prerendering ${route.path} produced no HTML`);
  const html = shell
    .replace(/<title>[\s\S]*?<\/title>/, `<title>${escapeHtml(route.title)}</title>`)
    .replace(ROOT, `<div id="root" data-prerendered="${escapeHtml(route.path)}">${body}</div>`);
  const file = route.path === "/" ? path.join(dist, "index.html") : path.join(dist, route.path.slice(1), "index.html");
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, html);
  console.log(`prerendered ${route.path} → ${path.relative(webRoot, file)} (${(html.length / 1024).toFixed(1)} kB)`);
}

await rm(ssrDir, { recursive: true, force: true });
