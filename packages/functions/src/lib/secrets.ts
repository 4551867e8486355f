/**
 * Deployed, SST binds secrets as SST_Secret_value_<NAME> and `sst/node/config` fetches them from
 * SSM. We copy them into the environment once per cold start so the runtime-agnostic settings in
 * core read them like any other setting. Locally nothing is bound and this does nothing.
 */
const SECRETS = [
  "CAPTCHA_SECRET",
  "ADMIN_NOTIFY_RECIPIENTS",
  "MAIL_FROM",
  "SITE_URL",
  "GOOGLE_SERVICE_ACCOUNT",
  "GOOGLE_SHEETS_SPREADSHEET_ID",
] as const;

let loaded: Promise<void> | undefined;

export function loadSecrets(): Promise<void> {
  loaded ??= (async () => {
    if (!SECRETS.some((name) => process.env[`SST_Secret_value_${name}`] !== undefined)) return;
    const { Config } = (await import("sst/node/config")) as unknown as { Config: Record<string, string | undefined> };
    for (const name of SECRETS) {
      const value = Config[name];
      if (value !== undefined && process.env[name] === undefined) process.env[name] = value;
    }
  })();
  return loaded;
}
