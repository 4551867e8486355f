import { AdminCreateInput } from "@site/core/petition/input";

/** Goal input rules (spec §5). */

/** The create form keeps digits only, as typed. */
export function digitsOnly(value: string): string {
  return value.replace(/\D+/g, "");
}

/** Create: the typed digits as the server's schema reads a goal (a whole number ≥ 1), or null when it refuses them. */
export function parseCreateGoal(value: string): number | null {
  const parsed = AdminCreateInput.shape.goal.safeParse(digitsOnly(value));
  return parsed.success ? parsed.data : null;
}

/** Edit: numeric, minimum 0, anything invalid becomes 0, saved as a whole number. */
export function parseEditGoal(value: string | number | null | undefined): number {
  const n = typeof value === "number" ? value : Number.parseFloat(String(value ?? "").trim());
  if (!Number.isFinite(n) || n < 0) return 0;
  return Math.min(Math.trunc(n), Number.MAX_SAFE_INTEGER);
}
