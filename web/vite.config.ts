import path from "node:path";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, loadEnv, type Plugin } from "vite";

const webRoot = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(webRoot, "..");

/** The petition every "sign" button of /petition leads to; fixed at build time. */
function defaultPetitionId(mode: string): string {
  const id =
    process.env.DEFAULT_PETITION_ID || loadEnv(mode, repoRoot, "").DEFAULT_PETITION_ID || "timeshare-reform";
  if (!/^[A-Za-z0-9_-]{1,128}$/.test(id)) {
    throw new Error(`DEFAULT_PETITION_ID must be a URL-safe id, got ${JSON.stringify(id)}`);
  }
  return id;
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
        map[fileName] = output.moduleIds.map((id) =>
          path.isAbsolute(id) ? path.relative(repoRoot, id).split(path.sep).join("/") : id.replace(/\0/g, ""),
        );
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
    sourcemap: false,
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
