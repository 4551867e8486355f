import { createTheme, type MantineColorsTuple } from "@mantine/core";

/** Brand teal; #01BD9B is shade 6. Filled buttons use shade 7 so white text stays legible. */
const brand: MantineColorsTuple = [
  "#e6fbf7",
  "#c8f4eb",
  "#97e9d8",
  "#61ddc4",
  "#33d2b2",
  "#14c8a6",
  "#01bd9b",
  "#019a80",
  "#017f6a",
  "#01604f",
];

/** Secondary gold; #E0AC3F is shade 6. Use dark text on it. */
const gold: MantineColorsTuple = [
  "#fdf7e8",
  "#faedcc",
  "#f5dc9c",
  "#efca69",
  "#e9bb4c",
  "#e4b144",
  "#e0ac3f",
  "#c69333",
  "#ad7f2a",
  "#936a20",
];

/** Destructive red; #ef4444 is shade 6. */
const red: MantineColorsTuple = [
  "#fef2f2",
  "#fee2e2",
  "#fecaca",
  "#fca5a5",
  "#f87171",
  "#f45b5b",
  "#ef4444",
  "#dc2626",
  "#b91c1c",
  "#991b1b",
];

/** Deep navy used for headings and dark sections. */
const ink: MantineColorsTuple = [
  "#eef3f7",
  "#dbe4ec",
  "#b3c6d6",
  "#88a6bf",
  "#648bab",
  "#4d7a9f",
  "#3f6b8f",
  "#2f5472",
  "#1d3a52",
  "#0f2a3d",
];

export const BRAND_HEX = "#01BD9B";
export const GOLD_HEX = "#E0AC3F";
export const RED_HEX = "#ef4444";

export const theme = createTheme({
  primaryColor: "brand",
  primaryShade: 7,
  colors: { brand, gold, red, ink },
  black: "#0f2a3d",
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: {
    fontFamily:
      'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    fontWeight: "800",
  },
  defaultRadius: "md",
  cursorType: "pointer",
  components: {
    Button: { defaultProps: { fw: 700 } },
    TextInput: { defaultProps: { size: "md" } },
    PasswordInput: { defaultProps: { size: "md" } },
  },
});
