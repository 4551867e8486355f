import { createHash } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "../../packages/core/src/request/security-headers";
import { distDir, listFiles, readDist, requireBuild } from "./dist";

const scriptSources = () =>
  contentSecurityPolicy({ cognitoOrigin: "https://cognito-idp.us-east-1.amazonaws.com" })
    .split(";")
    .map((d) => d.trim().split(/\s+/))
    .find(([name]) => name === "script-src")!
    .slice(1);

beforeAll(() => requireBuild());

describe("the built site under the Content-Security-Policy", () => {
  const pages = () => listFiles(distDir).filter((f) => f.endsWith(".html"));

  it("runs only inline scripts whose hash the policy allows", () => {
    expect(pages().length).toBeGreaterThan(0);
    for (const page of pages()) {
      for (const [, attrs, body] of readDist(page).matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
        if (/\ssrc=/.test(attrs!)) continue;
        const hash = `'sha256-${createHash("sha256").update(body!).digest("base64")}'`;
        expect(scriptSources(), `${page}: inline script ${body!.slice(0, 60)}`).toContain(hash);
      }
    }
  });

  it("loads every script from the site itself", () => {
    for (const page of pages()) {
      for (const [, src] of readDist(page).matchAll(/<script[^>]*\ssrc="([^"]+)"/g)) {
        expect(src, page).toMatch(/^\/(?!\/)/);
      }
    }
  });
});
