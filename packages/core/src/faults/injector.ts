import { GetParameterCommand, SSMClient } from "@aws-sdk/client-ssm";
import { settings } from "../config";
import { faultScope } from "./scope";
import { parseFaults, type FaultRule, type FaultTarget } from "./spec";

/**
 * Decides, call by call, whether a port plays a fault (docs/architecture.md "Faults"). The rules come
 * from FAULTS (the local stack, the benchmark), or from a rehearsal stage's SSM parameter
 * (FAULTS_PARAMETER, read at most every PARAMETER_TTL_MS), or from `useFaults` (tests). Draws are
 * seeded (FAULTS_SEED): one seed, one sequence of faults per process. Nothing configured costs one
 * comparison per call.
 */

const PARAMETER_TTL_MS = 30_000;

let override: FaultRule[] | undefined;
let parsed: { spec: string; rules: FaultRule[] } | undefined;
let fromParameter: { rules: FaultRule[]; until: number } | undefined;
let ssm: SSMClient | undefined;
let seed: number | undefined;
const used = new Map<FaultRule, number>();
const counts = new Map<string, number>();

/** mulberry32: small, seeded, and good enough to spread faults evenly. */
function random(): number {
  seed ??= settings().FAULTS_SEED >>> 0 || 1;
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

async function parameterRules(name: string): Promise<FaultRule[]> {
  if (fromParameter && fromParameter.until > Date.now()) return fromParameter.rules;
  ssm ??= new SSMClient({ region: settings().AWS_REGION });
  let rules: FaultRule[] = [];
  try {
    const value = (await ssm.send(new GetParameterCommand({ Name: name }))).Parameter?.Value;
    rules = value && value !== "none" ? parseFaults(value) : [];
  } catch {
    // an unreadable or malformed parameter injects nothing: a rehearsal never breaks the stage
  }
  fromParameter = { rules, until: Date.now() + PARAMETER_TTL_MS };
  return rules;
}

/** The rules in force now. */
export async function activeFaults(): Promise<FaultRule[]> {
  if (override) return override;
  const s = settings();
  if (s.FAULTS_PARAMETER) return parameterRules(s.FAULTS_PARAMETER);
  const spec = s.FAULTS ?? "";
  if (parsed?.spec !== spec) parsed = { spec, rules: parseFaults(spec) };
  return parsed.rules;
}

/**
 * The fault `target` plays on this call, or undefined; `only` limits it to one kind (a port that
 * plays one of its target's kinds). Each rule in scope draws once; the first that hits is played and
 * counted (`injectedCounts`).
 */
export async function faultFor(target: FaultTarget, only?: string): Promise<string | undefined> {
  const rules = await activeFaults();
  if (!rules.length) return undefined;
  const where = faultScope();
  for (const rule of rules) {
    if (rule.target !== target || (only && rule.kind !== only) || (rule.where && rule.where !== where)) continue;
    if (rule.times && (used.get(rule) ?? 0) >= rule.times) continue;
    if (random() >= rule.rate) continue;
    used.set(rule, (used.get(rule) ?? 0) + 1);
    const key = `${target}:${rule.kind}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    return rule.kind;
  }
  return undefined;
}

/** Faults played by this process so far, by `target:kind`. */
export const injectedCounts = (): Record<string, number> => Object.fromEntries(counts);

/** Tests: play these rules instead of the settings' (undefined: back to the settings), counts and draws reset. */
export function useFaults(rules: FaultRule[] | undefined, faultSeed?: number) {
  override = rules;
  used.clear();
  counts.clear();
  seed = faultSeed;
  parsed = undefined;
  fromParameter = undefined;
}
