import { z } from "zod";
import { ValidationError } from "./error";

/** Field path → first message, e.g. { email: "Please enter a valid email address." }. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "body";
    fields[key] ??= issue.message;
  }
  return fields;
}

export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new ValidationError(fieldErrors(result.error));
  return result.data;
}

/**
 * Wraps a domain function so its input is parsed by `schema` first; the schema stays reachable as
 * `.schema` so handlers, forms and tests reuse it.
 */
export function fn<S extends z.ZodType, R>(schema: S, impl: (input: z.output<S>) => R) {
  const wrapped = (input: z.input<S>) => impl(parse(schema, input));
  wrapped.schema = schema;
  return wrapped;
}
