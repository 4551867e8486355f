import { foldCompany, phoneE164, registrableDomain } from "../report/identifiers";
import { ValidationError } from "../util/error";
import type { IdentifierChoice } from "./input";
import type { AlertIdentifier, AlertIdentifierType } from "./types";

/** Each type's normalisation (report/identifiers.ts): the same keys the reports are indexed by, so any spelling a report used finds the alert. */
const NORMALISE: Record<AlertIdentifierType, (shown: string) => string | undefined> = {
  company: foldCompany,
  phone: (shown) => phoneE164(shown),
  domain: registrableDomain,
};

const UNREADABLE: Record<AlertIdentifierType, string> = {
  company: "This is not a company name we can look up",
  phone: "This is not a phone number we can read",
  domain: "This is not a website or e-mail domain we can read (free e-mail providers cannot be published)",
};

/**
 * The administrator's choices with their keys, one per type and key (the first spelling kept). A
 * choice that does not normalise is a 400 naming it (`identifiers.<i>.shown`).
 */
export function identified(choices: readonly IdentifierChoice[]): AlertIdentifier[] {
  const fields: Record<string, string> = {};
  const seen = new Set<string>();
  const out: AlertIdentifier[] = [];
  choices.forEach(({ type, shown }, i) => {
    const value = NORMALISE[type](shown);
    if (!value) {
      fields[`identifiers.${i}.shown`] = UNREADABLE[type];
      return;
    }
    const key = `${type}#${value}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ type, value, shown: shown.trim() });
  });
  if (Object.keys(fields).length) throw new ValidationError(fields);
  return out;
}

export const identifierKey = (i: { type: string; value: string }) => `${i.type}#${i.value}`;
