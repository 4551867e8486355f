import { correctionKind } from "../alerts/corrections-kind";
import type { Exportable } from "../exports/exportable";
import type { ExportName } from "../exports/names";
import { registerExport, exportableNamed } from "../exports/registry";
import type { AdminRecords, KindConsole, RegisteredKind } from "../kinds/definition";
import { UnknownKind } from "../kinds/errors";
import { leadExports, leadKind } from "../lead/record-kind";
import { heldMailKind } from "../mail/record-kind";
import { confirmationTokenKind, subscriberExports, subscriberKind } from "../newsletter/record-kind";
import type { PersonalRecordKind, SheetTab } from "../policy/personal-record";
import { reportExports, reportKind } from "../report/record-kind";
import { signatureExports, signatureKind } from "../signature/record-kind";
import { suppressionKind } from "../suppression/record-kind";

export { mailStoppedFor } from "../suppression/record-kind";
import { privacyRequestKind, privacyTokenKind } from "./record-kind";

const kinds: PersonalRecordKind[] = [
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

/**
 * Every kind of personal record, one descriptor each (policy/personal-record.ts), in
 * the order the retention job runs them and /my-data counts them: the product's, then those
 * registered (`registerKind`). The only file of privacy/ that imports a domain: erasure, /my-data
 * and its download, the retention job and the spreadsheet subscribers loop over this list. A new kind
 * is one definition (kinds/define.ts) and one line here (docs/architecture.md "Adding a kind").
 */
export const KINDS: readonly PersonalRecordKind[] = kinds;

const byName = new Map(kinds.map((k) => [k.kind, k]));
const tabs: SheetTab[] = kinds.flatMap((k) => k.sheetTabs ?? []);
const admins = new Map<string, AdminRecords>();

/** The descriptor of a person-index entry's kind, if the registry has it. */
export const kindNamed = (name: string): PersonalRecordKind | undefined => byName.get(name);

/** Every kind's spreadsheet tabs. */
export const SHEET_TABS: readonly SheetTab[] = tabs;

/** The tab with this id ("signatures", "leads:checklist", …), if any. */
export const sheetTab = (id: string): SheetTab | undefined => tabs.find((t) => t.id === id);

/** The administrator's sync job of this kind ("sheets.signatures", …), if any: the sheets-sync-job subscriber runs it. */
export const sheetJob = (jobKind: string): SheetTab["job"] | undefined => tabs.find((t) => t.job.KIND === jobKind)?.job;

/** What the generic admin routes (`/api/admin/records/{kind}`) serve of a kind made by defineKind and registered; else an UnknownKind (404). */
export function adminRecords(name: string): AdminRecords {
  const admin = admins.get(name);
  if (!admin) throw new UnknownKind(name);
  return admin;
}

/** How the console shows each kind made by defineKind and registered, in the order they were registered. */
export const consoleKinds = (): KindConsole[] => [...admins.values()].map((admin) => admin.console);

/** How the registered kinds are counted for people (/my-data, the completion e-mail): the product's are COUNTED_KIND_LABELS. */
export const countedLabels = (): Record<string, { one: string; many: string }> =>
  Object.fromEntries(kinds.flatMap((k) => (k.counted && k.labels ? [[k.counted, k.labels]] : [])));

/**
 * Adds a kind made by defineKind (kinds/define.ts): from then on erasure, /my-data and its download,
 * the retention job, the spreadsheet jobs, the export job and the generic admin routes serve it.
 * Refuses a name, a tab or an export already taken.
 */
export function registerKind(kind: { registered: RegisteredKind }): void {
  const { record, exports, admin } = kind.registered;
  const taken = [
    ...(byName.has(record.kind) ? [`kind ${record.kind}`] : []),
    ...(record.sheetTabs ?? []).filter((t) => sheetTab(t.id) || sheetJob(t.job.KIND)).map((t) => `tab ${t.id}`),
    ...exports.filter((e) => exportableNamed(e.name)).map((e) => `export ${e.name}`),
  ];
  if (taken.length) throw new Error(`cannot register ${record.kind}: ${taken.join(", ")} exists already`);
  kinds.push(record);
  byName.set(record.kind, record);
  tabs.push(...(record.sheetTabs ?? []));
  for (const e of exports) registerExport(e.name, e.kind);
  admins.set(record.kind, admin);
}

// The product's kinds' exports, under the names the console asks for (exports/names.ts)
const productExports = { ...signatureExports, ...leadExports, ...subscriberExports, ...reportExports } satisfies Record<ExportName, unknown>;
for (const [name, kind] of Object.entries(productExports)) registerExport(name, kind as unknown as Exportable);

// A company's request to correct a published scam alert (alerts/corrections-kind.ts): the product's first kind made by defineKind.
registerKind(correctionKind);
