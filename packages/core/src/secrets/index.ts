export * as Secrets from "./index";

import { GetParametersCommand, SSMClient } from "@aws-sdk/client-ssm";

/**
 * Deployed, SST v2 binds each secret a function declares as the variable `SST_Secret_value_<NAME>`
 * holding `__FETCH_FROM_SSM__`; the value lives in SSM at `/sst/<app>/<stage>/Secret/<NAME>/value`,
 * or the app-wide fallback `/sst/<app>/.fallback/Secret/<NAME>/value`. `load` fetches exactly the
 * bound ones, once per cold start, and copies them into the environment so the settings in
 * config.ts read them like any other setting. Locally nothing is bound and it does nothing.
 *
 * This replaces `sst/node/config`, which would bundle a second, older copy of the AWS SDK.
 */
const BOUND = /^SST_Secret_value_(.+)$/;
const FETCH = "__FETCH_FROM_SSM__";

/** The secrets bound to this function that still have to be fetched. */
export function boundNames(env: NodeJS.ProcessEnv = process.env): string[] {
  return Object.keys(env)
    .map((key) => BOUND.exec(key)?.[1])
    .filter((name): name is string => !!name && env[`SST_Secret_value_${name}`] === FETCH && env[name] === undefined);
}

export const ssmPath = (name: string, env: NodeJS.ProcessEnv = process.env) =>
  `${env.SST_SSM_PREFIX ?? `/sst/${env.SST_APP}/${env.SST_STAGE}/`}Secret/${name}/value`;
export const fallbackPath = (name: string, env: NodeJS.ProcessEnv = process.env) => `/sst/${env.SST_APP}/.fallback/Secret/${name}/value`;

async function fetchParameters(ssm: SSMClient, paths: string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (let i = 0; i < paths.length; i += 10) {
    const res = await ssm.send(new GetParametersCommand({ Names: paths.slice(i, i + 10), WithDecryption: true }));
    for (const p of res.Parameters ?? []) if (p.Name && p.Value !== undefined) found.set(p.Name, p.Value);
  }
  return found;
}

let loaded: Promise<void> | undefined;

export function load(): Promise<void> {
  loaded ??= (async () => {
    const names = boundNames();
    if (!names.length) return;
    const ssm = new SSMClient({ region: process.env.SST_REGION ?? process.env.AWS_REGION });
    try {
      const values = await fetchParameters(
        ssm,
        names.map((n) => ssmPath(n)),
      );
      const missing = names.filter((n) => !values.has(ssmPath(n)));
      const fallbacks = missing.length
        ? await fetchParameters(
            ssm,
            missing.map((n) => fallbackPath(n)),
          )
        : new Map<string, string>();
      const unset = missing.filter((n) => !fallbacks.has(fallbackPath(n)));
      if (unset.length) throw new Error(`secrets not set for stage ${process.env.SST_STAGE}: ${unset.join(", ")}`);
      for (const n of names) process.env[n] = values.get(ssmPath(n)) ?? fallbacks.get(fallbackPath(n));
    } finally {
      ssm.destroy();
    }
  })().catch((err) => {
    loaded = undefined;
    throw err;
  });
  return loaded;
}
