import type { SuppressionList } from "@site/core/suppression/input";
import { adminCall } from "./adminCall";
import { apiPath, route } from "./paths";
import { useAdminData } from "./useAdminData";

function suppressionsUrl(email: string, after?: string): string {
  const query = new URLSearchParams();
  if (email) query.set("email", email);
  if (after) query.set("after", after);
  return query.size ? `${apiPath("listSuppressions")}?${query}` : apiPath("listSuppressions");
}

export const liftSuppression = (person: string, fallbackMessage: string) => adminCall(route("liftSuppression"), { body: { person }, fallbackMessage });

/** The suppression list a page at a time (`after`: the previous page's `next`), or the entry of one address. */
export const useSuppressions = (email: string, after: string | undefined, fallbackMessage: string) =>
  useAdminData<SuppressionList>(suppressionsUrl(email, after), fallbackMessage);
