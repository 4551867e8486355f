/**
 * Writes every guide's PDF (packages/core/src/guides) into a directory, named by forms.ts `pdfFile`:
 *   tsx scripts/guides/build.ts [outDir]      (default web/dist/guides; the web build passes dist/guides)
 * Links to the site's own pages use SITE_URL as the web build does (web/vite.config.ts): the
 * environment, then the repository's .env, then http://localhost:<PORT or 3000>.
 */
import { existsSync, readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { GUIDES } from "@site/core/guides";
import { LEAD_FORMS, LEAD_FORM_INFO } from "@site/core/lead/forms";
import { renderGuidePdf } from "./render-pdf";

const DEFAULT_OUT_DIR = "web/dist/guides";
const thisFile = fileURLToPath(import.meta.url);
const repoRoot = path.resolve(path.dirname(thisFile), "../..");

/** SITE_URL from the repository's .env, if set there. */
function dotEnvSiteUrl(): string | undefined {
  const file = path.join(repoRoot, ".env");
  if (!existsSync(file)) return undefined;
  const line = readFileSync(file, "utf8")
    .split(/\r?\n/)
    .map((text) => /^\s*(?:export\s+)?SITE_URL\s*=\s*(.*?)\s*$/.exec(text)?.[1])
    .find((value) => value !== undefined);
  return line?.replace(/^(['"])(.*)\1$/, "$2").replace(/\s+#.*$/, "") || undefined;
}

export function siteUrlSetting(): string {
  const value = process.env.SITE_URL || dotEnvSiteUrl() || `http://localhost:${process.env.PORT || 3000}`;
  return new URL(value).origin;
}

export async function buildGuidePdfs(outDir: string, siteUrl: string): Promise<{ file: string; bytes: number }[]> {
  await mkdir(outDir, { recursive: true });
  const written = [];
  for (const form of LEAD_FORMS) {
    const pdf = await renderGuidePdf(GUIDES[form], { siteUrl });
    const file = path.join(outDir, LEAD_FORM_INFO[form].pdfFile);
    await writeFile(file, pdf);
    written.push({ file, bytes: pdf.length });
  }
  return written;
}

const isMain = process.argv[1] !== undefined && path.resolve(process.argv[1]) === thisFile;
if (isMain) {
  const outDir = path.resolve(process.argv[2] ?? DEFAULT_OUT_DIR);
  for (const { file, bytes } of await buildGuidePdfs(outDir, siteUrlSetting())) {
    console.log(`guides: ${path.relative(process.cwd(), file)} (${Math.round(bytes / 1024)} KB)`);
  }
}
