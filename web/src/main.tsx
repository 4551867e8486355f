// Mantine's base styles first, so component and page CSS modules can override them.
import "@mantine/core/styles.css";
import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router-dom";
import { App } from "./App";
import { canHydrate } from "./lib/paths";
import { Providers } from "./Providers";

const container = document.getElementById("root");
if (!container) throw new Error("#root is missing from the page");

const app = (
  <StrictMode>
    <Providers>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </Providers>
  </StrictMode>
);

// Prerendered HTML is hydrated only on the route it was rendered for; anything else (the SPA shell,
// or a server that fell back to another page's HTML) is rendered from scratch.
if (container.hasChildNodes() && canHydrate(container.dataset.prerendered, window.location.pathname)) {
  hydrateRoot(container, app);
} else {
  container.replaceChildren();
  delete container.dataset.prerendered;
  createRoot(container).render(app);
}
