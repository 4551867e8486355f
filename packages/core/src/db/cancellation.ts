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
