import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, loadEnv, type Plugin } from "vite";

const webRoot = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(webRoot, "..");

/** The petition every "sign" button of /petition leads to; fixed at build time. */
function defaultPetitionId(mode: string): string {
  const id = process.env.DEFAULT_PETITION_ID || loadEnv(mode, repoRoot, "").DEFAULT_PETITION_ID || "timeshare-reform";
  if (!/^[A-Za-z0-9_-]{1,128}$/.test(id)) {
    throw new Error(`DEFAULT_PETITION_ID must be a URL-safe id, got ${JSON.stringify(id)}`);
  }
  return id;
}

/** A build-time setting: the environment first, then the repository's .env files. */
function buildSetting(name: string, mode: string): string {
  return process.env[name] || loadEnv(mode, repoRoot, "")[name] || "";
}

/** An absolute http(s) URL, or a clear error naming the setting. */
function urlSetting(name: string, value: string, allowed: string[]): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an absolute URL, got ${JSON.stringify(value)}`);
  }
  if (!allowed.includes(url.protocol)) throw new Error(`${name} must start with ${allowed.join(" or ")}, got ${JSON.stringify(value)}`);
  return value;
}

/**
 * The site's own origin, for canonical URLs and share cards (the same value the functions use for
 * links in e-mails). Locally the local server's default address.
 */
function siteUrl(mode: string): string {
  const value = buildSetting("SITE_URL", mode) || `http://localhost:${process.env.PORT || 3000}`;
  return new URL(urlSetting("SITE_URL", value, ["https:", "http:"])).origin;
}

/** The foundation's online payment page; "" until it has one (see web/src/site.ts). */
function donationUrl(mode: string): string {
  const value = buildSetting("DONATION_URL", mode);
  return value ? urlSetting("DONATION_URL", value, ["https:"]) : "";
}

/**
 * The Mantine components the public pages use: those whose styles web/src/styles/public.ts loads
 * (one list for their CSS and their code).
 */
function publicMantineComponents(): string[] {
  const source = readFileSync(path.join(webRoot, "src/styles/public.ts"), "utf8").split("// some-pages-only")[0]!;
  const names = [...source.matchAll(/@mantine\/core\/styles\/([A-Za-z]+)\.layer\.css/g)].map((m) => m[1]!);
  return names.filter((name) => /^[A-Z]/.test(name));
}

/**
 * Chunks of the public site. Left to itself the bundler gives every module shared by two pages its
 * own file: a dozen requests of a few hundred bytes (plus response headers) for one page, each
 * compressed on its own, so that together they cost more than one file would. Instead:
 * - "app" holds what every public page needs (the framework, the Mantine components of the site's
 *   frame and most pages, the frame itself and shared code);
 * - a few chunks hold what a family of pages shares, and only that family loads them: "petition" (the
 *   live petition: its count, polled, and its progress), "form" (form fields, and what starting on a
 *   form loads), "checkbox", "content" (lists, icons in circles, people, simple grids) and "blocks"
 *   (call-to-action bands, icon cards, steps);
 * - each page keeps its own chunk, and the admin area and what a page loads only once the visitor
 *   acts (a form's rules, the report's later steps, a guide's text: lib/deferred.ts) stay out of them.
 * Each page's first load stays within its budget (scripts/bench/js-budget.ts): a module moved into
 * "app" costs every page, one moved into a family chunk every page of the family, and
 * test/build/js-budget.test.ts weighs the result.
 */
function publicChunks() {
  const components = publicMantineComponents().join("|");
  const sep = "[\\\\/]";
  const framework = `node_modules${sep}(react|react-dom|scheduler|react-router|react-router-dom|clsx|cookie|set-cookie-parser)${sep}`;
  // Plus what those components use that has no styles of its own: Button's Transition and its hooks.
  // (List, ThemeIcon and SimpleGrid, only the content pages', go with "content".)
  const ui = `node_modules${sep}@mantine${sep}(core${sep}esm${sep}(core${sep}|components${sep}(${components}|Transition)${sep})|hooks${sep}esm${sep}(use-isomorphic-effect|use-media-query|use-did-update|use-reduced-motion)${sep})`;
  const site = `web${sep}src${sep}(components${sep}(Layout${sep}|Logo|PageLoader|IfPage|iconBase|page${sep}(PageHero|Section|LinkButton|Page\\.module))|hooks${sep}(useDocumentTitle|useHydrated)|content${sep}(navigation|types)|theme|Providers|boot\\.tsx|App\\.tsx|pages\\.ts|lib${sep}(api|paths|lazyPage|analytics|beaconLoader|deferred|hydration))`;
  // Only the matched modules: a matched module's own imports (the route list, the styles the bootstrap
  // loads) must not be pulled into the chunk, or the bootstrap would have to load it before first paint.
  // The bootstrap's own modules (main.tsx): the route list and which chunk holds each page.
  const bootstrap = `web${sep}src${sep}(start|publicRoutes|site|pageModules|pageSources)\\.ts|core${sep}src${sep}site${sep}page-head\\.ts`;
  // Helpers of Mantine's core that only the admin area's components use (dialogs, menus, tabs), found
  // by comparing the app chunk built with and without the admin area: kept out, they stay in the
  // admin chunk instead of costing every public visitor 2 KB. A stale list costs bytes, never breaks.
  const adminOnly = new RegExp(
    `@mantine${sep}core${sep}esm${sep}(core${sep}(utils${sep}(is-element|get-safe-id|find-element-ancestor|create-scoped-keydown-handler|get-default-z-index|noop|close-on-escape|create-event-handler|get-env|get-ref-prop|find-element-in-shadow-dom|get-single-element-child)|Box${sep}get-style-object|DirectionProvider)|components${sep}Transition${sep}get-transition-props)${sep}`,
  );
  const contentOnly = new RegExp(`@mantine${sep}core${sep}esm${sep}components${sep}(List|ThemeIcon|SimpleGrid)${sep}`);
  // Pure core modules the frame itself uses (the site's constants name the petition's fallback goal).
  const core = `core${sep}src${sep}petition${sep}figures\\.ts`;
  const app = new RegExp(`${framework}|${ui}|${site}|${core}`);
  // The live petition: its count, polled and never below what this tab's signer was answered (/petition
  // and the petition's own pages), the petition served with its page, and its progress.
  const petition = new RegExp(
    `web${sep}src${sep}(lib${sep}(liveResource|countFloor|embeddedPetition)|hooks${sep}(usePollInterval|usePetition)|components${sep}(PetitionProgress|LatePetitionUnavailable))\\.|core${sep}src${sep}(petition${sep}edge-cache|site${sep}petition-template)\\.ts|@mantine${sep}core${sep}esm${sep}components${sep}Progress${sep}`,
  );
  // A form's fields (with what they share with alerts: the close button and generated ids), and what
  // starting on a form loads (the sign form, the guides' forms, the deletion request, the report).
  const form = new RegExp(
    `@mantine${sep}(core${sep}esm${sep}components${sep}(Input|InputBase|TextInput|CloseButton)${sep}|hooks${sep}esm${sep}(use-uncontrolled|use-id|utils${sep}random-id)${sep})|web${sep}src${sep}(lib${sep}(formStart|recaptchaErrors)|components${sep}LateAlert)\\.`,
  );
  // Checkboxes: the sign form's, the guides' and the report's (not the deletion request's).
  const checkbox = new RegExp(`@mantine${sep}core${sep}esm${sep}(components${sep}(Checkbox|CheckIcon)|utils${sep}(InlineInput|InputsGroupFieldset))${sep}`);
  // The content pages' lists, icons and people (the home page, /petition, the scam and rights pages).
  const content = new RegExp(`web${sep}src${sep}(components${sep}InitialsAvatar|lib${sep}format)\\.|${contentOnly.source}`);
  // The content pages' blocks: call-to-action bands, icon cards, steps.
  const blocks = new RegExp(`web${sep}src${sep}components${sep}page${sep}(CtaBand|IconCardGrid|Steps)\\.`);
  return {
    includeDependenciesRecursively: false,
    groups: [
      { name: "bootstrap", test: new RegExp(bootstrap), priority: 5 },
      { name: "app", test: (id: string) => app.test(id) && !adminOnly.test(id) && !contentOnly.test(id), priority: 4 },
      { name: "petition", test: petition, priority: 3 },
      { name: "form", test: form, priority: 3 },
      { name: "checkbox", test: checkbox, priority: 3 },
      { name: "content", test: content, priority: 3 },
      { name: "blocks", test: blocks, priority: 3 },
    ],
  };
}

/**
 * Writes `.vite/chunk-modules.json` (chunk file → the modules bundled into it, relative to the repo
 * root). The Vite manifest lists chunks and their imports but not their modules; together they let
 * test/build prove that the public entry never pulls in aws-amplify.
 */
function chunkModules(): Plugin {
  return {
    name: "site:chunk-modules",
    apply: "build",
    generateBundle(_options, bundle) {
      const map: Record<string, string[]> = {};
      for (const [fileName, output] of Object.entries(bundle)) {
        if (output.type !== "chunk") continue;
        map[fileName] = output.moduleIds.map((id) => (path.isAbsolute(id) ? path.relative(repoRoot, id).split(path.sep).join("/") : id.replace(/\0/g, "")));
      }
      this.emitFile({
        type: "asset",
        fileName: ".vite/chunk-modules.json",
        source: JSON.stringify(map, null, 2),
      });
    },
  };
}

export default defineConfig(({ mode, isSsrBuild }) => ({
  root: webRoot,
  plugins: [react(), ...(isSsrBuild ? [] : [chunkModules()])],
  define: {
    __DEFAULT_PETITION_ID__: JSON.stringify(defaultPetitionId(mode)),
    __BUILD_YEAR__: JSON.stringify(new Date().getUTCFullYear()),
    __SITE_URL__: JSON.stringify(siteUrl(mode)),
    __DONATION_URL__: JSON.stringify(donationUrl(mode)),
  },
  resolve: {
    // npm hoisting leaves an older React at the repository root (pulled in by other workspaces);
    // swr and @mantine/hooks live there too. One React instance for the whole bundle.
    dedupe: ["react", "react-dom"],
  },
  ssr: {
    // Bundle everything into the prerender bundle so Node never resolves the root copy of React.
    noExternal: true,
  },
  build: {
    manifest: !isSsrBuild,
    sourcemap: process.env.WEB_SOURCEMAP === "1",
    // Every browser the site supports has modulepreload; the polyfill would only add to the entry.
    modulePreload: { polyfill: false },
    ...(isSsrBuild ? {} : { rolldownOptions: { output: { codeSplitting: publicChunks() } } }),
  },
  server: {
    proxy: {
      "/api": process.env.API_ORIGIN ?? "http://127.0.0.1:3000",
    },
  },
  preview: {
    proxy: {
      "/api": process.env.API_ORIGIN ?? "http://127.0.0.1:3000",
    },
  },
}));
