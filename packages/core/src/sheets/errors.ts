/** A sync that cannot run or failed; `message` says why in words an administrator can act on. */
export class SheetsError extends Error {
  override name = "SheetsError";
}

/** A Google API call that failed: its reason in words, and the status Google answered. */
export class GoogleError extends SheetsError {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}
