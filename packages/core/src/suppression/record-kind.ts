import { Audit } from "../audit";
import { Keys } from "../db/keys";
import { auditedPersonOfKept, keptPersonHash } from "../db/person-index";
import type { PersonalRecordKind } from "../policy/personal-record";
import { find, lift, type Reason } from "./index";

/**
 * The suppression entry as a kind of personal record (policy/personal-record.ts; listed in
 * privacy/kinds.ts): keyed by the person's kept hash (an HMAC of the address's hash), so not in the person index. An erasure keeps it
 * (so a person who asked us to stop is not mailed again) unless the person asks to be e-mailed again;
 * then ours and SES's entry go, audited under the audit trail's keyed hash of the person.
 */
export const suppressionKind: PersonalRecordKind = {
  kind: "suppression",
  label: "suppressed address (a hash of it)",
  erasure: "when asked",
  find: async (person) => [Keys.suppression(keptPersonHash(person.email))],
  async remove(_key, person) {
    const hash = keptPersonHash(person.email);
    if (!(await lift(hash, { address: person.email }))) return undefined;
    const request = person.requestId ? ` (request ${person.requestId})` : "";
    await Audit.record({
      action: "mail.suppression_lifted",
      actor: "the person (confirmed link)",
      target: `${auditedPersonOfKept(hash)}${request}`,
      rows: 1,
    });
    return { tabs: [] };
  },
  retention: { rule: "expires (TTL)", after: "SUPPRESSION_RETENTION_YEARS after the latest report" },
};

/** Whether our mail to the address is stopped, since when and why (/my-data and its download show it). */
export async function mailStoppedFor(email: string): Promise<{ reason: Reason; at: string; kind?: string } | undefined> {
  const entry = await find({ address: email });
  if (!entry?.suppressed || !entry.reason || !entry.at) return undefined;
  return { reason: entry.reason, at: entry.at, ...(entry.kind ? { kind: entry.kind } : {}) };
}
