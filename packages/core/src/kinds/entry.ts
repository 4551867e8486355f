import type { RetentionRule } from "../policy/personal-record";
import type { KindPersonalData } from "./definition";

/**
 * What a declared kind's registry entry (policy/personal-record.ts `PersonalRecordKind`) takes of its
 * declaration: its name (the person index's and /my-data's), what people call one, its erasure, its
 * /my-data line and its retention, whose `run` is the kind's own. The product's kinds with storage of
 * their own add their removal, list and tabs (lead/record-kind.ts).
 */
export function declaredEntry<N extends string, Stored>(
  decl: { name: N; label: { one: string }; personalData: KindPersonalData<Stored> },
  run: RetentionRule["run"],
) {
  const { erasure, retention, describe } = decl.personalData;
  return {
    kind: decl.name,
    label: decl.label.one,
    counted: decl.name,
    erasure,
    describe: async (items: Record<string, unknown>[]) => items.map((item) => describe(item as Stored)),
    retention: { rule: "deleted", after: retention.after, run } satisfies RetentionRule,
  };
}
