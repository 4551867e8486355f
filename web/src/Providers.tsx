import { MantineContext, MantineProvider, MantineThemeProvider } from "@mantine/core";
import type { ContextType, ReactNode } from "react";
import { cssVariables, theme } from "./theme";

/** How the site configures Mantine (also what entry-server renders the theme's styles with). */
export const MANTINE = { theme, cssVariablesResolver: cssVariables, forceColorScheme: "light" } as const;

const noop = () => {};

/**
 * What MantineProvider gives its components, for the built site: the light colour scheme, fixed.
 * Mantine reads it through `useMantineContext`; it is typed by Mantine, so a new field is a type error.
 */
const CONTEXT: NonNullable<ContextType<typeof MantineContext>> = {
  colorScheme: MANTINE.forceColorScheme,
  setColorScheme: noop,
  clearColorScheme: noop,
  getRootElement: () => document.documentElement,
  classNamesPrefix: "mantine",
  cssVariablesResolver: MANTINE.cssVariablesResolver,
  cssVariablesSelector: ":root",
  withStaticClasses: true,
};

/**
 * The built site's Mantine: its context and theme, without the styles MantineProvider would render
 * (they are in the page's <head>, see Providers).
 */
export function PrebuiltStylesProvider({ children }: { children: ReactNode }) {
  return (
    <MantineContext.Provider value={CONTEXT}>
      <MantineThemeProvider theme={MANTINE.theme}>{children}</MantineThemeProvider>
    </MantineContext.Provider>
  );
}

/**
 * Mantine for the whole app. In the built site the theme's CSS variables and Mantine's global
 * classes are constants of the theme: they are rendered once, at build time, into every page's
 * <head> (entry-server.tsx `renderMantineStyles`, scripts/prerender.mjs), instead of by MantineProvider
 * in every visitor's browser. So the provider here is only Mantine's context and theme, and no page
 * loads the code that computes those styles (2.5 KB gzip of every page's first load, see
 * scripts/bench/js-budget.ts; web/test/providers.test.ts checks that both render the same). In
 * development and tests (no prerendered <head>) Mantine's own provider renders them as it always did.
 */
export function Providers({ children }: { children: ReactNode }) {
  return import.meta.env.PROD ? <PrebuiltStylesProvider>{children}</PrebuiltStylesProvider> : <MantineProvider {...MANTINE}>{children}</MantineProvider>;
}
