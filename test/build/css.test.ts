import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./dist";

const webSrc = path.join(repoRoot, "web", "src");
const mantineStyles = path.join(repoRoot, "web", "node_modules", "@mantine", "core", "styles");

/** Source files of the public site: everything under web/src but the admin area (which loads all of Mantine's CSS). */
function publicSources(dir = webSrc): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === "admin" ? [] : publicSources(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

/** Components whose own styles are not enough: what they render inside carries its own stylesheet. */
const RENDERS = {
  Button: ["UnstyledButton", "Loader"],
  Burger: ["UnstyledButton"],
  Card: ["Paper"],
  CloseButton: ["UnstyledButton"],
  Notification: ["CloseButton", "Loader"],
  Alert: ["CloseButton"],
  Checkbox: ["InlineInput"],
  TextInput: ["Input"],
} as Record<string, string[]>;

describe("the public pages' CSS (web/src/styles/public.ts)", () => {
  const loaded = new Set(
    [...readFileSync(path.join(webSrc, "styles", "public.ts"), "utf8").matchAll(/@mantine\/core\/styles\/([A-Za-z-]+)\.layer\.css/g)].map((m) => m[1]!),
  );

  it("loads Mantine's base layers, layered, and not the whole stylesheet", () => {
    for (const base of ["baseline", "default-css-variables", "global"]) expect(loaded.has(base), base).toBe(true);
    for (const file of publicSources()) expect(readFileSync(file, "utf8"), file).not.toMatch(/@mantine\/core\/styles(\.layer)?\.css/);
  });

  it("has the styles of every Mantine component the public pages use, and of what they render", () => {
    const used = new Set<string>();
    for (const file of publicSources()) {
      for (const [, names] of readFileSync(file, "utf8").matchAll(/import\s*\{([^}]+)\}\s*from\s*"@mantine\/core"/g)) {
        for (const name of names!.split(",").map((n) => n.trim().replace(/^type\s+/, ""))) if (/^[A-Z]/.test(name)) used.add(name);
      }
    }
    expect(used.has("Button")).toBe(true);
    const needed = new Set([...used].flatMap((name) => [name, ...(RENDERS[name] ?? [])]));
    const withStyles = [...needed].filter((name) => existsSync(path.join(mantineStyles, `${name}.layer.css`)));
    expect(withStyles.length).toBeGreaterThan(5);
    expect(withStyles.filter((name) => !loaded.has(name))).toEqual([]);
    // …and nothing no public page uses (each is downloaded by every visitor).
    const unused = [...loaded].filter((name) => /^[A-Z]/.test(name) && !needed.has(name));
    expect(unused).toEqual([]);
  });
});
