import { leadKind } from "../lead/record-kind";
import { heldMailKind } from "../mail/record-kind";
import { confirmationTokenKind, subscriberKind } from "../newsletter/record-kind";
import type { PersonalRecordKind, SheetTab } from "../policy/personal-record";
import { reportKind } from "../report/record-kind";
import { signatureKind } from "../signature/record-kind";
import { suppressionKind } from "../suppression/record-kind";

export { mailStoppedFor } from "../suppression/record-kind";
import { privacyRequestKind, privacyTokenKind } from "./record-kind";

/**
 * Every kind of personal record, one descriptor each (policy/personal-record.ts), in
 * the order the retention job runs them and /my-data counts them. The only file of privacy/ that
 * imports a domain: erasure, /my-data and its download, the retention job and the spreadsheet
 * subscribers loop over this list. A new kind is one descriptor in its domain folder and one line here
 * (docs/architecture.md "Adding a kind of personal record").
 */
export const KINDS: readonly PersonalRecordKind[] = [
  leadKind,
  reportKind,
  signatureKind,
  subscriberKind,
  confirmationTokenKind,
  privacyTokenKind,
  privacyRequestKind,
  suppressionKind,
  heldMailKind,
];

const byName = new Map(KINDS.map((k) => [k.kind, k]));

/** The descriptor of a person-index entry's kind, if the registry has it. */
export const kindNamed = (name: string): PersonalRecordKind | undefined => byName.get(name);

/** Every kind's spreadsheet tabs. */
export const SHEET_TABS: readonly SheetTab[] = KINDS.flatMap((k) => k.sheetTabs ?? []);

/** The tab with this id ("signatures", "leads:checklist", …), if any. */
export const sheetTab = (id: string): SheetTab | undefined => SHEET_TABS.find((t) => t.id === id);
