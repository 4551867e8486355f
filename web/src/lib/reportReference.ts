import { isReferenceNumber } from "@site/core/report/reference";

/**
 * The reference number of the report just submitted, handed from the wizard to the thank-you page:
 * in the navigation's state, and in sessionStorage so a reload of the thank-you page keeps it (the
 * tab's storage only: it goes with the tab).
 */

const REFERENCE_KEY = "report-scam:reference";
const COUNTED_KEY = "report-scam:counted";

/** What the wizard passes to /report-scam/thank-you in the navigation's state. */
export interface ReportThankYouState {
  reference: string;
}

function read(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null; // storage disabled
  }
}

function write(key: string, value: string) {
  try {
    window.sessionStorage.setItem(key, value);
  } catch {
    // storage disabled or full: the navigation's state still carries the number
  }
}

export const rememberReference = (reference: string) => write(REFERENCE_KEY, reference);

/** The reference from the navigation's state, else the one this tab remembers; null when neither is one. */
export function currentReference(state: unknown): string | null {
  const fromState = state && typeof state === "object" ? (state as Partial<ReportThankYouState>).reference : undefined;
  if (typeof fromState === "string" && isReferenceNumber(fromState)) return fromState;
  const stored = read(REFERENCE_KEY);
  return stored && isReferenceNumber(stored) ? stored : null;
}

/** True the first time it is asked about `reference` in this tab: a reload is not a second conversion. */
export function firstTimeShown(reference: string): boolean {
  if (read(COUNTED_KEY) === reference) return false;
  write(COUNTED_KEY, reference);
  return true;
}
