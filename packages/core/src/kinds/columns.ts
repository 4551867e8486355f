import type { Column } from "./definition";

const cellText = (value: unknown) => (value === undefined || value === null ? "" : String(value));

/** A kind's columns (its declaration's) as the CSV export's and the spreadsheet tab's header and a row's cells. Pure. */
export function columnsOf<Row>(columns: readonly Column<Row>[]) {
  return {
    header: columns.map(([title]) => title),
    cells: (row: Row): string[] => columns.map(([, cell]) => cellText(cell(row))),
  };
}
