import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from "@mantine/core";

/**
 * Brand teal; #01BD9B is shade 6, used for accents (marks, bars, pulses) and large text on dark
 * backgrounds. White text on it reaches only 2.4:1, so filled buttons and text use shade 8 (#017F6A,
 * 4.95:1 with white) and darker: WCAG AA, and still the brand's teal.
 */
const brand: MantineColorsTuple = ["#e6fbf7", "#c8f4eb", "#97e9d8", "#61ddc4", "#33d2b2", "#14c8a6", "#01bd9b", "#019a80", "#017f6a", "#01604f"];

/** Secondary gold; #E0AC3F is shade 6: a background for dark text (7.2:1 with ink.9); as text on white, shade 9. */
const gold: MantineColorsTuple = ["#fdf7e8", "#faedcc", "#f5dc9c", "#efca69", "#e9bb4c", "#e4b144", "#e0ac3f", "#c69333", "#ad7f2a", "#8a6410"];

/** Destructive red; #ef4444 is shade 6 (3.8:1 with white), so filled destructive buttons use shade 7 (#DC2626, 4.8:1). */
const red: MantineColorsTuple = ["#fef2f2", "#fee2e2", "#fecaca", "#fca5a5", "#f87171", "#f45b5b", "#ef4444", "#dc2626", "#b91c1c", "#991b1b"];

/** Deep navy used for headings and dark sections. */
const ink: MantineColorsTuple = ["#eef3f7", "#dbe4ec", "#b3c6d6", "#88a6bf", "#648bab", "#4d7a9f", "#3f6b8f", "#2f5472", "#1d3a52", "#0f2a3d"];

const SYSTEM_FONTS = 'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

export const BRAND_HEX = "#01BD9B";
export const GOLD_HEX = "#E0AC3F";
export const RED_HEX = "#ef4444";

/**
 * Mantine's colour variables that fall short of WCAG AA contrast (4.5:1 for text), overridden. Passed
 * to MantineProvider, so they are in the prerendered HTML as well.
 */
export const cssVariables: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    // Mantine's dimmed grey (#868e96) reaches 3.3:1 on white; this one 6.1:1.
    "--mantine-color-dimmed": "#5c636a",
    // Error text in red shade 8 (6.5:1) instead of shade 6 (3.8:1).
    "--mantine-color-error": red[8],
    // "light" buttons and badges: text a shade darker than Mantine's choice, on the same tint.
    "--mantine-color-brand-light-color": brand[9],
    "--mantine-color-red-light-color": red[9],
    "--mantine-color-gold-light-color": gold[9],
  },
  dark: {},
});

export const theme = createTheme({
  primaryColor: "brand",
  primaryShade: 8,
  colors: { brand, gold, red, ink },
  black: "#0f2a3d",
  // The system's own UI font: nothing to download, nothing to shift the layout when it arrives.
  fontFamily: SYSTEM_FONTS,
  headings: {
    fontFamily: SYSTEM_FONTS,
    fontWeight: "800",
  },
  defaultRadius: "md",
  cursorType: "pointer",
  components: {
    Button: { defaultProps: { fw: 700 } },
    TextInput: { defaultProps: { size: "md" } },
    PasswordInput: { defaultProps: { size: "md" } },
    // Mantine's close buttons are icons without a name; every dialog's gets one.
    Modal: { defaultProps: { closeButtonProps: { "aria-label": "Close dialog" } } },
  },
});
