/**
 * A cancelled TransactWriteItems' reason codes by item position ("ConditionalCheckFailed",
 * "TransactionConflict", "None", ...). DynamoDB Local sometimes only reports them in the message:
 * "[None, ConditionalCheckFailed, ...]".
 */
export function cancellationCodes(err: unknown): (string | undefined)[] {
  const reasons = (err as { CancellationReasons?: { Code?: string }[] }).CancellationReasons;
  if (reasons) return reasons.map((r) => r.Code);
  const match = /\[(.*)\]/.exec((err as Error).message ?? "");
  return match ? match[1].split(",").map((s) => s.trim()) : [];
}

/**
 * A cancelled transaction's reason codes by the names of its items: `names` lists them in the
 * transaction's order, as its builder puts them (a reason read by name stays right when items move).
 */
export function reasonsByName<N extends string>(names: readonly N[], codes: readonly (string | undefined)[]): Partial<Record<N, string>> {
  return Object.fromEntries(names.map((name, i) => [name, codes[i]])) as Partial<Record<N, string>>;
}
