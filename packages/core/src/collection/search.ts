import { auditedPerson } from "../db/person-index";
import { isEmailAddress } from "../util/email";
import { needleOf } from "./plan";

/**
 * How the audit trail (kept for years, out of erasure's reach) names a search: by its kind, never a
 * person's words. A whole e-mail address is named by its keyed person hash (`person <HMAC>`, as
 * every other audit entry names a person); an id or a reference (it has a digit) as typed; anything
 * else is the start of a name, and only that is said.
 */
export function auditedSearch(search: string): string {
  const needle = needleOf(search);
  if (!needle) return "";
  if (isEmailAddress(needle)) return `search by e-mail (${auditedPerson(needle)})`;
  if (/\d/.test(needle)) return `search "${needle}"`;
  return "search by the start of a name";
}
