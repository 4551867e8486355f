import type { ExportKind } from "./export-kind";
import { EXPORT_KINDS } from "./kinds";
import { EXPORT_KIND_NAMES } from "./names";

/**
 * Every export the job serves: the product's (kinds.ts, names.ts) and those of the kinds registered
 * later (privacy/kinds.ts `registerKind` adds a kind made by defineKind's here, so exports/ imports
 * nothing of privacy/).
 */
const registered = new Map<string, ExportKind>();

/** Adds a registered kind's export under its name ("volunteers", "volunteers-json"). */
export function registerExport(name: string, kind: ExportKind): void {
  if (exportKindNamed(name)) throw new Error(`an export named ${name} exists already`);
  registered.set(name, kind);
}

/** The export of this name, if any. */
export function exportKindNamed(name: string): ExportKind | undefined {
  if (Object.hasOwn(EXPORT_KINDS, name)) return EXPORT_KINDS[name as keyof typeof EXPORT_KINDS] as ExportKind;
  return registered.get(name);
}

/** The names an export request may take, the product's first. */
export const exportKindNames = (): string[] => [...EXPORT_KIND_NAMES, ...registered.keys()];
