/**
 * An error whose message is safe to show to the visitor. `status` is the HTTP status the API
 * answers with; `code` is a dotted, stable identifier for logs and tests.
 */
export class VisibleError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
    public readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = "VisibleError";
  }
}

export class NotFoundError extends VisibleError {
  constructor(code: string, message: string) {
    super(404, code, message);
  }
}

export class ValidationError extends VisibleError {
  constructor(fields: Record<string, string>, message = Object.values(fields)[0] ?? "Invalid input") {
    super(400, "input.invalid", message, fields);
  }
}
