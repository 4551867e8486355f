import { ValidationError } from "../util/error";

/**
 * A list page's position for the pages read straight from the table (merge.ts): the sort and the
 * order it was taken in, and the last (or first) sort key of the page, base64url JSON. Opaque to the
 * console, which only hands back the `next` or `prev` it was given (`after` / `before`, query.ts).
 */

export const encodeCursor = (sort: string, order: string, key: string): string => Buffer.from(JSON.stringify([sort, order, key])).toString("base64url");

/** The sort key a cursor holds; a cursor of another sort or order (the console changed it meanwhile) starts over from the top. */
export function decodeCursor(cursor: string, sort: string, order: string): string | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw new ValidationError({ cursor: "Unknown page cursor" });
  }
  if (!Array.isArray(parsed) || parsed.length !== 3 || !parsed.every((v) => typeof v === "string"))
    throw new ValidationError({ cursor: "Unknown page cursor" });
  const [s, o, key] = parsed as [string, string, string];
  return s === sort && o === order ? key : undefined;
}

/** A numbered page without a cursor passes over the rows before it: at most this many. */
export const MAX_SKIPPED_ROWS = 10_000;

export class PastSkipLimit extends ValidationError {
  constructor() {
    super({ page: `Pages past the first ${MAX_SKIPPED_ROWS.toLocaleString("en-US")} rows are reached with Next, page after page` });
  }
}
