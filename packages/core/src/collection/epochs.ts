/**
 * Process-local change counters per (collection, part): a write made by this process (create,
 * delete, import, status change) bumps its part's counter, so this process's cache re-checks at once
 * instead of after its re-check interval. Other processes see the change through the version check.
 */
const epochs = new Map<string, number>();
const keyOf = (collection: string, part: string) => `${collection}\u0000${part}`;

export function noteListChanged(collection: string, part: string): void {
  const key = keyOf(collection, part);
  epochs.set(key, (epochs.get(key) ?? 0) + 1);
}

export const localEpoch = (collection: string, part: string): number => epochs.get(keyOf(collection, part)) ?? 0;
