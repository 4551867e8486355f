// @vitest-environment jsdom
import { act } from "@testing-library/react";
import { createElement as h } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { deferred } from "../src/lib/deferred";
import { hydratesServedPage } from "../src/lib/hydration";
import { staticPart } from "../src/lib/staticPart";

/**
 * A static part of a prerendered page (lib/staticPart.tsx, a guide's text): hydrating, the server's
 * HTML stays as it is and the part's code loads at the visitor's first interaction; rendered by the
 * app, it loads at once.
 */

interface Text {
  words: string;
}
const View = ({ module, id }: { module: Text; id: string }) => h("p", { id }, module.words);
const text = (words: string) => vi.fn(() => new Promise<Text>((resolve) => setTimeout(() => resolve({ words }), 5)));
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

describe("a static part", () => {
  it("rendered by the app (not the page the document arrived with), loads its code at once", async () => {
    const load = text("Shown at once");
    const Part = staticPart(deferred(load), View);
    const container = document.createElement("div");
    const { createRoot } = await import("react-dom/client");
    const root = createRoot(container);
    act(() => root.render(h(Part, { id: "a" })));
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    expect(container.textContent).toBe("Shown at once");
    act(() => root.unmount());
  });

  it("hydrating the page it was prerendered for, keeps the server's HTML and loads its code at the first interaction", async () => {
    // the prerenderer's copy, loaded, renders the HTML
    const server = deferred(() => Promise.resolve({ words: "The guide's text" }));
    await server.load();
    const html = renderToString(h(staticPart(server, View), { id: "b" }));
    expect(html).toContain("The guide&#x27;s text");

    // the browser's: not loaded
    const load = text("The guide's text");
    const Part = staticPart(deferred(load), View);
    const container = document.createElement("div");
    container.innerHTML = html;
    document.body.append(container);
    const served = container.querySelector("p");
    const errors = vi.spyOn(console, "error");
    hydratesServedPage(window.location.pathname);
    await act(async () => {
      hydrateRoot(container, h(Part, { id: "b" }), { onRecoverableError: (error) => console.error(error) });
    });
    await settle();
    expect(load).not.toHaveBeenCalled();
    expect(container.querySelector("p")).toBe(served);

    window.dispatchEvent(new Event("pointerdown"));
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    // hydrated in place: the same element, no mismatch
    expect(container.querySelector("p")).toBe(served);
    expect(container.textContent).toBe("The guide's text");
    expect(errors).not.toHaveBeenCalled();
    container.remove();
  });
});
