import type { Exportable } from "./exportable";
import { EXPORTABLES } from "./exportables";
import { EXPORT_NAMES } from "./names";

/**
 * Every export the job serves: the product's (exportables.ts, names.ts) and those of the kinds registered
 * later (privacy/kinds.ts `registerKind` adds a kind made by defineKind's here, so exports/ imports
 * nothing of privacy/).
 */
const registered = new Map<string, Exportable>();

/** Adds a registered kind's export under its name ("volunteers", "volunteers-json"). */
export function registerExport(name: string, kind: Exportable): void {
  if (exportableNamed(name)) throw new Error(`an export named ${name} exists already`);
  registered.set(name, kind);
}

/** The export of this name, if any. */
export function exportableNamed(name: string): Exportable | undefined {
  if (Object.hasOwn(EXPORTABLES, name)) return EXPORTABLES[name as keyof typeof EXPORTABLES] as Exportable;
  return registered.get(name);
}

/** The names an export request may take, the product's first. */
export const exportNames = (): string[] => [...EXPORT_NAMES, ...registered.keys()];
