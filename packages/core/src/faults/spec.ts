/**
 * Which faults to inject, and how often (docs/architecture.md "Faults"). Pure: the local stack, the
 * benchmarks, the stacks' fault-rehearsal templates and the functions all read one spelling:
 *
 *   FAULTS="dynamodb:throttle@0.03,dynamodb:500@0.01,s3:503@0.02,ses:throttle@0.03,sheets:429@0.03"
 *
 * Each entry is `<target>:<kind>@<rate>`, rate a probability in (0, 1]. Nothing set: no fault. A test
 * may bound an entry: `*<n>` injects it at most n times, `~<where>` only where the call's scope is
 * that (a route key such as `POST /api/reports`, a subscriber's name: faults/scope.ts):
 *
 *   FAULTS="lambda:error-after-work@1*2~POST /api/petitions/{id}/signatures"
 */

/** Each injection point and the faults it can play, as the real service answers them. */
export const FAULT_KINDS = {
  /** The DynamoDB client (db/client.ts): throttles, a capacity refusal, an internal error. */
  dynamodb: ["throttle", "capacity", "500"],
  /** The S3 client (bucket/): S3's "SlowDown" 503. */
  s3: ["503"],
  /** The mail driver (mail/): SES's "Maximum sending rate exceeded" and a transient 5xx. */
  ses: ["throttle", "5xx"],
  /** The Sheets driver (sheets/): Google's 429 and 500. */
  sheets: ["429", "500"],
  /** The event bus: an entry of PutEvents rejected; a delivery to a subscriber that fails. */
  bus: ["put-rejected", "delivery-fails"],
  /** A function's invocation: it fails, or runs past its timeout, after doing part of its work. */
  lambda: ["error-after-work", "timeout-after-work"],
} as const;

export type FaultTarget = keyof typeof FAULT_KINDS;
export type FaultKind<T extends FaultTarget = FaultTarget> = (typeof FAULT_KINDS)[T][number];

export interface FaultRule {
  target: FaultTarget;
  kind: string;
  rate: number;
  /** At most this many injections (unset: no bound). */
  times?: number;
  /** Only inside this scope (unset: everywhere). */
  where?: string;
}

export class BadFaultSpec extends Error {
  constructor(entry: string, why: string) {
    super(`FAULTS: "${entry}" ${why} (expected <target>:<kind>@<rate>, e.g. dynamodb:throttle@0.03)`);
    this.name = "BadFaultSpec";
  }
}

const isTarget = (t: string): t is FaultTarget => Object.hasOwn(FAULT_KINDS, t);

/** The rules of a FAULTS value; an empty or unset value has none. A wrong entry throws, naming it. */
export function parseFaults(spec: string | undefined): FaultRule[] {
  if (!spec?.trim()) return [];
  return spec
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean)
    .map((entry) => {
      const match = /^([a-z0-9]+):([a-z0-9-]+)@([0-9.]+)(?:\*([0-9]+))?(?:~(.+))?$/.exec(entry);
      if (!match) throw new BadFaultSpec(entry, "is not a fault");
      const [, target, kind, rateText, timesText, where] = match;
      if (!isTarget(target)) throw new BadFaultSpec(entry, `names no target (${Object.keys(FAULT_KINDS).join(", ")})`);
      if (!(FAULT_KINDS[target] as readonly string[]).includes(kind))
        throw new BadFaultSpec(entry, `names no fault of ${target} (${FAULT_KINDS[target].join(", ")})`);
      const rate = Number(rateText);
      if (!(rate > 0 && rate <= 1)) throw new BadFaultSpec(entry, "has a rate outside (0, 1]");
      const times = timesText === undefined ? undefined : Number(timesText);
      if (times !== undefined && !(times >= 1)) throw new BadFaultSpec(entry, "is bounded to no injection");
      return { target, kind, rate, ...(times ? { times } : {}), ...(where ? { where: where.trim() } : {}) };
    });
}

/** The FAULTS spelling of rules (the inverse of parseFaults). */
export const formatFaults = (rules: readonly FaultRule[]) =>
  rules.map((r) => `${r.target}:${r.kind}@${r.rate}${r.times ? `*${r.times}` : ""}${r.where ? `~${r.where}` : ""}`).join(",");

/** Every fault at one rate: the benchmark's and a rehearsal's mix. */
export const everyFault = (rate: number): FaultRule[] =>
  (Object.keys(FAULT_KINDS) as FaultTarget[]).flatMap((target) => FAULT_KINDS[target].map((kind) => ({ target, kind, rate })));
