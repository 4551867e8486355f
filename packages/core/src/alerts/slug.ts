/**
 * An alert's address: its title in lower-case ASCII words joined by dashes ("Exit Pros LLC" →
 * "exit-pros-llc"), at most 60 characters, unique (a taken one gets "-2", "-3", …). Given once, when
 * the alert is published, and kept when the title changes, so a shared link keeps working. Pure.
 */

export const MAX_SLUG_LENGTH = 60;
/** What a slug is: the public route refuses anything else before it reads the table. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function slugOf(title: string): string {
  const words = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/['\u2019]/g, "")
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let slug = "";
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > MAX_SLUG_LENGTH) break;
    slug = next;
  }
  return slug || words[0]?.slice(0, MAX_SLUG_LENGTH) || "alert";
}

/** The n-th choice for a title (n from 1): the slug itself, then with "-2", "-3", … within the length. */
export function slugCandidate(base: string, n: number): string {
  if (n <= 1) return base;
  const suffix = `-${n}`;
  return `${base.slice(0, MAX_SLUG_LENGTH - suffix.length).replace(/-+$/, "")}${suffix}`;
}

export const isSlug = (value: string) => value.length <= MAX_SLUG_LENGTH && SLUG_PATTERN.test(value);
