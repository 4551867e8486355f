import type { z } from "zod";
import type { Audit } from "../audit";
import { parse } from "../util/zod";
import type { FileFormat } from "./formats";

/**
 * What an administrator can export as a job (docs/architecture.md "Admin lists at any size"): the
 * rows a list query selects, a page at a time, written in a file format. The query is the list's
 * own (its filters, search, sort and order); the audit action is the one the paged export used.
 */
export interface Exportable<Row = unknown> {
  action: Audit.Action;
  /** the rows of a list query (unparsed: the job stores what the administrator sent) and how many */
  selection: (query: Record<string, unknown>) => Promise<{ total: number; pages: AsyncIterable<readonly Row[]> }>;
  /** the audit target: the scope, search and filters */
  describe: (query: Record<string, unknown>) => string;
  format: FileFormat<Row>;
}

/** A collection's export as is: its rows, one per line. */
export function rowsOf<Row extends { id: string }>(
  collection: {
    ExportQuery: z.ZodType;
    selection: (q: never) => Promise<{ total: number; pages: AsyncIterable<Row[]> }>;
    describe: (q: never) => string;
  },
  action: Audit.Action,
  format: FileFormat<Row>,
): Exportable<Row> {
  return {
    action,
    selection: (query) => collection.selection(parse(collection.ExportQuery, query) as never),
    describe: (query) => collection.describe(parse(collection.ExportQuery, query) as never),
    format,
  };
}
