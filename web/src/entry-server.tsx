import { ColorSchemeScript } from "@mantine/core";
import { StrictMode } from "react";
import { renderToStaticMarkup, renderToString } from "react-dom/server";
import { StaticRouter } from "react-router-dom";
import { App } from "./App";
import { Providers } from "./Providers";

export { PRERENDER_ROUTES } from "./publicRoutes";

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
