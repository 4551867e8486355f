import { ColorSchemeScript, MantineProvider } from "@mantine/core";
import { StrictMode } from "react";
import { renderToStaticMarkup, renderToString } from "react-dom/server";
import { StaticRouter } from "react-router-dom";
import { App } from "./App";
import { MANTINE, Providers } from "./Providers";
import type { Petition } from "./lib/api";
import { provideEmbeddedPetition } from "./lib/embeddedPetition";

// What web/scripts/prerender.mjs needs besides the renderer: the route list and the build-time settings.
export { PRERENDER_ROUTES, shareImagePath, PETITION_SHARE_IMAGE, usesCaptcha } from "./publicRoutes";
export { withoutCaptchaMeta } from "@site/core/request/security-headers";
export { ROUTE_DESCRIPTIONS } from "./routeDescriptions";
export { DONATION_URL, SITE_URL } from "./site";
export { SITE_NAME, withHead } from "@site/core/site/page-head";
export { preloadAllPages } from "./pages";
export { PAGE_SOURCES } from "./pageModules";
export { PETITION_TEMPLATES, TEMPLATE_PETITION, fillPetitionTemplate, templatePath } from "@site/core/site/petition-template";
export { ALERT_SITEMAP_PATH } from "@site/core/alerts/page";

/** The body of `#root` for `url`, as the browser's first render will produce it. */
export function render(url: string): string {
  return renderToString(
    <StrictMode>
      <Providers>
        <StaticRouter location={url}>
          <App />
        </StaticRouter>
      </Providers>
    </StrictMode>,
  );
}

/** Tags for <head>: Mantine's colour-scheme script. */
export function renderHead(): string {
  return renderToStaticMarkup(<ColorSchemeScript forceColorScheme="light" />);
}

/**
 * Mantine's styles for the theme, as its MantineProvider renders them (the theme's CSS variables, the
 * global responsive classes): constants of the theme, written into every page's <head> by the
 * prerenderer, so the browser does not compute them (Providers.tsx).
 */
export function renderMantineStyles(): string {
  return renderToStaticMarkup(<MantineProvider {...MANTINE}>{null}</MantineProvider>);
}

/** The body of `#root` for a petition page at `url`, rendered with `petition` as if the page carried it. */
export function renderPetitionPage(url: string, petition: Petition): string {
  provideEmbeddedPetition(petition);
  try {
    return render(url);
  } finally {
    provideEmbeddedPetition(null);
  }
}
