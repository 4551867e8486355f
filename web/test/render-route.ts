import { render, type RenderResult } from "@testing-library/react";
import { createElement as h } from "react";
import { MemoryRouter } from "react-router-dom";
import { App } from "../src/App";
import { preloadAllPages } from "../src/pages";
import { Providers } from "../src/Providers";
import { installBrowserShims } from "./dom-setup";

// Pages are chunks loaded on demand; loaded up front here, every page renders at once, as when hydrating.
// So are the parts a page loads once the visitor starts (lib/deferred.ts: a form's rules, later steps).
await preloadAllPages();

/**
 * Renders the whole app at `path`, as the browser would after navigating there (for component tests,
 * files with `// @vitest-environment jsdom`). API calls made by the page fail (no server): pages must
 * render their content regardless.
 */
export function renderRoute(path: string): RenderResult {
  installBrowserShims();
  window.scrollTo = () => {}; // the app scrolls to the top on navigation; jsdom does not implement it
  return render(h(Providers, null, h(MemoryRouter, { initialEntries: [path] }, h(App))));
}

/** The internal targets (href) of every link in `container` whose accessible text matches `name`. */
export function hrefsOf(container: HTMLElement, name: string | RegExp): string[] {
  const matches = (text: string) => (typeof name === "string" ? text.trim() === name : name.test(text));
  return [...container.querySelectorAll("a")].filter((a) => matches(a.textContent ?? "")).map((a) => a.getAttribute("href") ?? "");
}
