import { MantineProvider } from "@mantine/core";
import { createElement, type ReactNode } from "react";
import { theme } from "../src/theme";

/**
 * For component tests (files with `// @vitest-environment jsdom`): what Mantine expects from a
 * browser that jsdom lacks, and the app's theme around the element under test.
 */
export function installBrowserShims() {
  if (!window.matchMedia) {
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}

export const withMantine = (children: ReactNode) => createElement(MantineProvider, { theme }, children);
