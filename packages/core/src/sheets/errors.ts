/** A sync that cannot run or failed; `message` says why in words an administrator can act on. */
export class SheetsError extends Error {
  override name = "SheetsError";
}
