/** Goal input rules (spec §5). */

/** The create form keeps digits only, as typed. */
export function digitsOnly(value: string): string {
  return value.replace(/\D+/g, "");
}

/** Create: a whole number ≥ 1, or null when the input is empty or too small. */
export function parseCreateGoal(value: string): number | null {
  const digits = digitsOnly(value);
  if (!digits) return null;
  const goal = Number.parseInt(digits, 10);
  return Number.isSafeInteger(goal) && goal >= 1 ? goal : null;
}

/** Edit: numeric, minimum 0, anything invalid becomes 0, saved as a whole number. */
export function parseEditGoal(value: string | number | null | undefined): number {
  const n = typeof value === "number" ? value : Number.parseFloat(String(value ?? "").trim());
  if (!Number.isFinite(n) || n < 0) return 0;
  return Math.min(Math.trunc(n), Number.MAX_SAFE_INTEGER);
}
