import { Alert, Button, Card, Checkbox, Container, Grid, MantineProvider, Progress, Stack, Text, TextInput, Title } from "@mantine/core";
import { createElement, type FunctionComponent, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { renderMantineStyles } from "../src/entry-server";
import { MANTINE, PrebuiltStylesProvider } from "../src/Providers";

/** createElement for Mantine's polymorphic components, whose props types createElement cannot infer. */
const h = (type: unknown, props: Record<string, unknown> | null, ...children: ReactNode[]) =>
  createElement(type as FunctionComponent<Record<string, unknown>>, props, ...children);

/** Ids React generates (useId) depend on where in the tree a component is: not what is compared. */
const withoutIds = (html: string) => html.replace(/_[Rr]_[A-Za-z0-9]+_/g, "ID");

/** Mantine components as the public pages use them, with theme colours and responsive props. */
const page = h(
  Container,
  { size: "lg", py: { base: 40, md: 72 } },
  h(
    Grid,
    { gutter: 48 },
    h(
      Grid.Col,
      { span: { base: 12, md: 6 } },
      h(Title, { order: 1, c: "ink.9", fz: { base: 30, sm: 40 } }, "Title"),
      h(Text, { c: "dimmed" }, "Text"),
      h(Progress, { value: 40, color: "brand.8" }),
    ),
    h(
      Grid.Col,
      { span: { base: 12, md: 6 } },
      h(
        Card,
        { withBorder: true, padding: "xl" },
        h(
          Stack,
          null,
          h(TextInput, { label: "Email", required: true, disabled: true }),
          h(Checkbox, { label: "Keep me updated" }),
          h(Alert, { color: "red", variant: "light", title: "Failed" }, "Message"),
          h(Button, { color: "gold.6", c: "ink.9", radius: "xl" }, "Donate"),
        ),
      ),
    ),
  ),
);

describe("the built site's Mantine provider (Providers.tsx)", () => {
  it("renders the page as MantineProvider does, without the styles, which are the prerendered <head>'s", () => {
    const mantine = renderToStaticMarkup(h(MantineProvider, { ...MANTINE }, page));
    const prebuilt = renderToStaticMarkup(h(PrebuiltStylesProvider, null, page));
    const styles = renderMantineStyles();
    expect(styles).toMatch(/^<style data-mantine-styles="true">:root[^<]*--mantine-color-brand-8: #017f6a[^<]*<\/style><style data-mantine-styles="classes">/);
    // the theme's own variables (theme.ts cssVariables) are among them
    expect(styles).toContain("--mantine-color-dimmed: #5c636a");
    expect(withoutIds(mantine)).toBe(withoutIds(styles + prebuilt));
    expect(prebuilt).toContain("Donate");
  });
});
