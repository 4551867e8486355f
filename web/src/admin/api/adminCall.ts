import type { RequestOptions } from "../../lib/api";
import { adminRequest } from "../adminApi";
import { withQuery, type Query } from "../lib/query";
import type { BoundRoute } from "./paths";

export type AdminCallOptions = Omit<RequestOptions, "token" | "method"> & { query?: Query };

/** One admin route called with its own method: `adminCall(route("deleteReport", { id }), { fallbackMessage })`. */
export function adminCall<T = unknown>(target: BoundRoute, { query, ...options }: AdminCallOptions = {}): Promise<T> {
  return adminRequest<T>(query ? withQuery(target.path, query) : target.path, { ...options, method: target.method });
}
