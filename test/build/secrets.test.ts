import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { distDir, dotEnv, listFiles, readDist, requireBuild } from "./dist";

/** Patterns of credentials that must never reach the browser. */
export const SECRET_PATTERNS: { name: string; pattern: RegExp }[] = [
  { name: "AWS access key id", pattern: /\b(AKIA|ASIA)[0-9A-Z]{16}\b/ },
  { name: "private key block", pattern: /-----BEGIN (?:[A-Z]+ )?PRIVATE KEY-----/ },
  { name: "Brevo/Sendinblue API key", pattern: /xkeysib-[0-9a-f]{16,}/i },
  { name: "Google API key", pattern: /AIza[0-9A-Za-z_-]{35}/ },
  { name: "Stripe live secret key", pattern: /\b[sr]k_live_[0-9A-Za-z]{10,}/ },
  { name: "AWS secret access key assignment", pattern: /aws_secret_access_key\s*[=:]\s*["']?[A-Za-z0-9/+=]{40}/i },
];

/** Names of settings whose values are secret. Public values (the reCAPTCHA *site* key) are exempt. */
const SECRET_NAME = /(SECRET|PASSWORD|PASSWD|PRIVATE|API_?KEY|ACCESS_?KEY|TOKEN|CREDENTIAL)/i;
const PUBLIC_NAME = /(SITE_KEY|PUBLIC|^VITE_)/i;

/** Literal values of secret settings from the environment and the repository's .env. */
export function secretValues(env: Record<string, string | undefined>): { name: string; value: string }[] {
  return Object.entries(env)
    .filter(([name, value]) => SECRET_NAME.test(name) && !PUBLIC_NAME.test(name) && value && value.length >= 8)
    .map(([name, value]) => ({ name, value: value! }));
}

const TEXT_FILE = /\.(js|mjs|css|html|json|svg|txt|map|xml|webmanifest)$/;

describe("no secret in the built site", () => {
  let files: string[];

  beforeAll(() => {
    requireBuild();
    files = listFiles(distDir);
  });

  it("the detectors recognise each kind of secret (so a clean scan means something)", () => {
    const samples = [
      "AKIA" + "Z".repeat(16),
      "-----BEGIN RSA " + "PRIVATE KEY-----",
      "-----BEGIN " + "PRIVATE KEY-----",
      "xkeysib-" + "a1".repeat(32),
      "AIza" + "x".repeat(35),
      "sk_live_" + "9".repeat(24),
    ];
    for (const sample of samples) {
      expect(
        SECRET_PATTERNS.some(({ pattern }) => pattern.test(`const k="${sample}";`)),
        sample,
      ).toBe(true);
    }
    expect(secretValues({ BREVO_API_KEY: "abcdefgh1234", RECAPTCHA_SITE_KEY: "public-site-key" })).toEqual([{ name: "BREVO_API_KEY", value: "abcdefgh1234" }]);
  });

  it("scans a real build: HTML, scripts and styles", () => {
    expect(files.some((f) => f.endsWith(".html"))).toBe(true);
    expect(files.some((f) => f.endsWith(".js"))).toBe(true);
    expect(files.some((f) => f.endsWith(".css"))).toBe(true);
  });

  it("no built asset matches a secret pattern", () => {
    const hits: string[] = [];
    for (const file of files.filter((f) => TEXT_FILE.test(f))) {
      const content = readDist(file);
      for (const { name, pattern } of SECRET_PATTERNS) {
        const match = content.match(pattern);
        if (match) hits.push(`${file}: ${name} (${match[0].slice(0, 8)}…)`);
      }
    }
    expect(hits).toEqual([]);
  });

  it("no built asset contains the value of a secret setting from the environment or .env", () => {
    const secrets = secretValues({ ...dotEnv(), ...process.env });
    const hits: string[] = [];
    for (const file of files) {
      const content = readDist(file);
      for (const { name, value } of secrets) if (content.includes(value)) hits.push(`${path.normalize(file)}: ${name}`);
    }
    expect(hits).toEqual([]);
  });
});
