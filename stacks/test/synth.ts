import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Stack, type CfnElement } from "aws-cdk-lib";
import { Template } from "aws-cdk-lib/assertions";
import { App, Function as SstFunction, getStack } from "sst/constructs";
import { initProject, useProject } from "sst/project.js";
import config from "../../sst.config";
import type { Route } from "../../packages/functions/src/routes";
import { AdminApi } from "../AdminApi";
import { Api } from "../Api";
import { Auth } from "../Auth";
import { Events } from "../Events";
import { Storage } from "../Storage";
import { Web } from "../Web";

export const STAGE = "test";

let ownOutDir: string | undefined;

export interface FunctionInfo {
  handler?: string;
  runtime?: string;
  secrets: string[];
}

export interface Synthesized {
  app: App;
  templates: Record<"Storage" | "Auth" | "Events" | "Api" | "AdminApi" | "Web", Template>;
  /** SST functions by their CloudFormation logical ID (the template only shows a placeholder). */
  functions: Map<string, FunctionInfo>;
}

/**
 * Builds the real app from sst.config.ts in "deploy" mode without running `app.finish()`, which
 * is where SST bundles functions and builds the site: nothing is built, nothing leaves the machine.
 * `env` is applied after the project's .env files are loaded, as a deploy-time override would be.
 */
export async function synthesize(env: Record<string, string> = {}, stage = STAGE): Promise<Synthesized> {
  await initProject({ stage });
  // SST writes its generated types under the project's .sst (removing them first): test files that
  // synthesize side by side in one checkout each get their own, or one deletes what another writes
  const paths = useProject().paths;
  paths.out = ownOutDir ??= mkdtempSync(join(tmpdir(), "sst-synth-"));
  paths.artifacts = join(paths.out, "artifacts");
  // Required to deploy (stacks/deploy-settings.ts); a test may still override or unset it.
  const overrides = { SITE_URL: "https://owners.example.org", ...env };
  const saved = Object.fromEntries(Object.keys(overrides).map((k) => [k, process.env[k]]));
  Object.assign(process.env, overrides);
  try {
    return await build(stage);
  } finally {
    // the overrides are this synthesis's alone: the files share a process (vitest.config.ts, infra)
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}

async function build(stage: string): Promise<Synthesized> {
  const { name, region } = useProject().config;
  const app = new App({ mode: "deploy", stage, name, region });
  await config.stacks(app);

  const functions = new Map<string, FunctionInfo>();
  for (const node of app.node.findAll()) {
    if (!(node instanceof SstFunction)) continue;
    const { handler, runtime, secrets } = node.getConstructMetadata().data;
    functions.set(Stack.of(node).getLogicalId(node.node.defaultChild as CfnElement), { handler, runtime, secrets });
  }

  const stacks = { Storage, Auth, Events, Api, AdminApi, Web };
  const templates = Object.fromEntries(Object.entries(stacks).map(([id, fn]) => [id, Template.fromStack(getStack(fn))])) as Synthesized["templates"];
  return { app, templates, functions };
}

/** The template that holds a route's function (and its route): the administrators' routes are AdminApi's (stacks/AdminApi.ts). */
export const templateOfRoute = (s: Synthesized, route: Pick<Route, "access">): Template => (route.access === "admin" ? s.templates.AdminApi : s.templates.Api);
