import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { CfnGuardValidator } from "@cdklabs/cdk-validator-cfnguard";
import type { IPolicyValidationContextBeta1 } from "aws-cdk-lib";

/**
 * The Control Tower proactive controls that @cdklabs/cdk-validator-cfnguard ships as CloudFormation
 * Guard rules, run on synthesized templates through the validator's own `validate()` (the call CDK's
 * policy validation makes at synth, with the cfn-guard binary the package carries for this platform).
 *
 * Why not the validator as it comes (`new App({ policyValidationBeta1: [...] })`): SST's synthesis is
 * `app.finish()`, which bundles every function and builds the site, and the stacks' tests stop before
 * it (synth.ts). And its one cfn-guard run of all 237 rules on the whole templates takes over a minute
 * of CPU here: the bundled binary pays for the size of the document on every rule, and the Api template
 * is 400 KB. So each rule sees only what it can judge. A rule's header says which resource types it
 * reports on ("Reports on:"), and it skips a template without one of them: it runs only on templates
 * holding one. And a rule reads only resources of types its file names: it finds them by type, or by
 * following a reference (Ref, Fn::GetAtt) from one of them and checking the type against a name in
 * the file. So the document it gets holds those resources whole, and each other resource they refer
 * to by its logical ID and type only. Rules with the same types share one cfn-guard run. Checked when
 * written against the validator's own run of all the rules on the whole templates: the same findings.
 */
const require = createRequire(import.meta.url);
const RULES_DIR = join(dirname(require.resolve("@cdklabs/cdk-validator-cfnguard/package.json")), "rules", "control-tower", "cfn-guard");

export interface GuardRule {
  file: string;
  /** the resource types its header says it reports on */
  reports: string[];
  /** every resource type its file names */
  types: string[];
}

export interface GuardFinding {
  /** `CT.S3.PR.1` */
  control: string;
  description: string;
  /** the name the template was given */
  template: string;
  logicalId: string;
}

type Template = { Resources: Record<string, { Type: string; Properties?: unknown }> } & Record<string, unknown>;

export function controlTowerRules(): GuardRule[] {
  return readdirSync(RULES_DIR, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".guard"))
    .sort()
    .map((f) => {
      const file = join(RULES_DIR, f);
      const text = readFileSync(file, "utf8");
      const typesIn = (s: string) => [...new Set(s.match(/AWS::\w+::\w+/g) ?? [])].sort();
      const header = /Reports on:([\s\S]*?)\n#[ \t]*[A-Z][\w ]*:[ \t]*\n/.exec(text);
      if (!header || typesIn(header[1]).length === 0) throw new Error(`${f}: no "Reports on:" types in its header`);
      return { file, reports: typesIn(header[1]), types: typesIn(text) };
    });
}

/** Runs `rules` on `templates` (by name); answers each violation and how many rules applied to some template. */
export function runGuard(templates: Record<string, Template>, rules = controlTowerRules()) {
  const typesIn = Object.fromEntries(Object.entries(templates).map(([name, t]) => [name, new Set(Object.values(t.Resources).map((r) => r.Type))]));
  const groups = new Map<string, GuardRule[]>();
  for (const rule of rules) {
    const key = `${rule.reports.join(" ")} / ${rule.types.join(" ")}`;
    groups.set(key, [...(groups.get(key) ?? []), rule]);
  }

  const dir = mkdtempSync(join(tmpdir(), "cfn-guard-"));
  const findings: GuardFinding[] = [];
  let applied = 0;
  try {
    [...groups.values()].forEach((group, i) => {
      const named = new Set(group[0].types);
      const names = Object.keys(templates).filter((name) => group[0].reports.some((type) => typesIn[name].has(type)));
      if (names.length === 0) return;
      applied += group.length;
      mkdirSync(join(dir, String(i)));
      const templatePaths = names.map((name) => {
        const t = templates[name];
        const kept = Object.entries(t.Resources).filter(([, r]) => named.has(r.Type));
        const referred = new Set<string>();
        JSON.stringify(kept, (key, value: unknown) => {
          if (key === "Ref" && typeof value === "string") referred.add(value);
          if (key === "Fn::GetAtt") referred.add(String(Array.isArray(value) ? value[0] : value).split(".")[0]);
          return value;
        });
        const stubs = Object.entries(t.Resources).filter(([id, r]) => !named.has(r.Type) && referred.has(id));
        const resources = Object.fromEntries([...kept, ...stubs.map(([id, r]) => [id, { Type: r.Type }])]);
        const path = join(dir, String(i), `${name}.json`);
        writeFileSync(path, JSON.stringify({ ...t, Resources: resources }));
        return path;
      });
      const validator = new CfnGuardValidator({ controlTowerRulesEnabled: false, rules: group.map((r) => r.file), maxBuffer: 64 * 1024 * 1024 });
      const report = validator.validate({ templatePaths } as IPolicyValidationContextBeta1);
      for (const v of report.violations) {
        const control = /\[(CT\.[\w.]+)\]/.exec(v.description)?.[1] ?? v.ruleName;
        for (const r of v.violatingResources) {
          findings.push({ control, description: v.description, template: r.templatePath.replace(/^.*\/|\.json$/g, ""), logicalId: r.resourceLogicalId });
        }
      }
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { findings, applied, total: rules.length };
}
