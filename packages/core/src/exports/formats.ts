import { csvCell } from "../util/csv";

/**
 * How an export's rows become its file, a page at a time: a head, each page's text, a tail. The
 * bytes are those the console used to build in the browser (`toCsv`, `JSON.stringify(rows, null, 2)`).
 */
export interface FileFormat<Row> {
  extension: "csv" | "json";
  contentType: string;
  head: string;
  /** `first`: no page came before (JSON separates pages with a comma) */
  page: (rows: readonly Row[], first: boolean) => string;
  /** `empty`: no row at all */
  tail: (empty: boolean) => string;
}

const csvLine = (cells: readonly unknown[]) => cells.map(csvCell).join(",") + "\r\n";

export function csvFormat<Row>(header: readonly string[], cells: (row: Row) => unknown[]): FileFormat<Row> {
  return {
    extension: "csv",
    contentType: "text/csv; charset=utf-8",
    head: csvLine(header),
    page: (rows) => rows.map((row) => csvLine(cells(row))).join(""),
    tail: () => "",
  };
}

/** An array of pretty-printed records, byte for byte `JSON.stringify(all, null, 2) + "\n"`. */
export function jsonFormat<Row>(): FileFormat<Row> {
  const indent = (row: Row) => JSON.stringify(row, null, 2).replace(/^/gm, "  ");
  return {
    extension: "json",
    contentType: "application/json; charset=utf-8",
    head: "[",
    page: (rows, first) => rows.map((row, i) => (first && i === 0 ? "\n" : ",\n") + indent(row)).join(""),
    tail: (empty) => (empty ? "]\n" : "\n]\n"),
  };
}
