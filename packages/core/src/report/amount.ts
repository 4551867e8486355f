/**
 * Amounts of money (spec §5 and §8). The wizard's amount inputs keep digits only, so every amount is
 * a whole number of US dollars, and is stored as such (a JSON number, not cents). No imports: the
 * public bundle loads this module.
 */

/** Twelve digits: up to $999,999,999,999, well inside a safe integer. */
export const AMOUNT_MAX_DIGITS = 12;
export const AMOUNT_MAX = 10 ** AMOUNT_MAX_DIGITS - 1;

/** What an amount input keeps of what was typed: its digits, without leading zeros, at most 12. */
export function amountDigits(raw: string): string {
  const digits = raw.replace(/[^0-9]/g, "").replace(/^0+(?=[0-9])/, "");
  return digits.slice(0, AMOUNT_MAX_DIGITS);
}

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "$1,234.00"; 'N/A' when there is no amount and 'Invalid Amount' when it is not a number (spec §8). */
export function formatUsd(amount: number | string | null | undefined): string {
  if (amount === null || amount === undefined || (typeof amount === "string" && amount.trim() === "")) return "N/A";
  const value = typeof amount === "number" ? amount : Number(amount.trim());
  return Number.isFinite(value) ? usd.format(value) : "Invalid Amount";
}
