import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router-dom";
import { App } from "./App";
import { hydratesServedPage } from "./lib/hydration";
import { canHydrate } from "./lib/paths";
import { PAGES } from "./pages";
import { routeOf } from "./publicRoutes";
import { Providers } from "./Providers";

/** Starts the app in `container`: hydrates the prerendered HTML of this route, or renders from scratch. */
export async function boot(container: HTMLElement) {
  const app = (
    <StrictMode>
      <Providers>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </Providers>
    </StrictMode>
  );
  const route = routeOf(window.location.pathname);
  // The page's chunk is loaded (main.tsx started it), so hydration renders the same HTML at once.
  if (route) await PAGES[route.path].preload();

  // Prerendered HTML is hydrated only on the route it was rendered for; anything else (the SPA shell,
  // or a server that fell back to another page's HTML) is rendered from scratch.
  if (container.hasChildNodes() && canHydrate(container.dataset.prerendered, window.location.pathname)) {
    // A transition lets React hydrate in slices, yielding to the browser between them, instead of
    // one long task that would hold up a visitor's first tap.
    hydratesServedPage(window.location.pathname);
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else {
    container.replaceChildren();
    delete container.dataset.prerendered;
    createRoot(container).render(app);
  }
}
