/**
 * CSV as the spec's exports want it: every value quoted, inner quotes doubled, CRLF line ends.
 * A cell starting with =, +, - or @ (or a tab or carriage return) is prefixed with an apostrophe so
 * a spreadsheet shows it as text instead of running it as a formula. Pure: the web imports it too.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutralise(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

export function csvCell(value: unknown): string {
  const text = value === null || value === undefined ? "" : String(value);
  return `"${neutralise(text).replace(/"/g, '""')}"`;
}

export function toCsv(header: string[], rows: unknown[][]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
