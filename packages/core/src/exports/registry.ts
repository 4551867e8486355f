import type { Exportable } from "./exportable";

/**
 * Every export the job serves, each kind's registered by the registry of kinds (privacy/kinds.ts: the
 * product's kinds' exports, names.ts, then those of the kinds made by defineKind), so exports/ imports
 * no domain and nothing of privacy/. A handler that serves exports imports them through
 * privacy/exports.ts, which loads the registry: deployed, each function is its own bundle.
 */
const registered = new Map<string, Exportable>();

/** Adds a kind's export under its name ("leads", "volunteers-json"). */
export function registerExport(name: string, kind: Exportable): void {
  if (exportableNamed(name)) throw new Error(`an export named ${name} exists already`);
  registered.set(name, kind);
}

/** The export of this name, if any. */
export function exportableNamed(name: string): Exportable | undefined {
  return registered.get(name);
}

/** The names an export request may take, in the order they were registered (the product's first). */
export const exportNames = (): string[] => [...registered.keys()];
