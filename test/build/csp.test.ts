import { createHash } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { contentSecurityPolicy, RECAPTCHA_ORIGINS, WITHOUT_CAPTCHA_POLICY } from "../../packages/core/src/request/security-headers";
import { PETITION_TEMPLATES, templatePath } from "../../packages/core/src/site/petition-template";
import { PRERENDER_ROUTES, usesCaptcha } from "../../web/src/publicRoutes";
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

  it("lets only the reCAPTCHA pages load Google's code: every other page's head opens with the stricter policy", () => {
    for (const origin of RECAPTCHA_ORIGINS) expect(WITHOUT_CAPTCHA_POLICY).not.toContain(origin);
    expect(WITHOUT_CAPTCHA_POLICY).toMatch(/^script-src 'self' [^;]+; frame-src 'none'$/);
    const meta = `<meta http-equiv="Content-Security-Policy" content="${WITHOUT_CAPTCHA_POLICY}" />`;
    const opensWithPolicy = (file: string) => /<head>\s*<meta http-equiv="Content-Security-Policy"[^>]*>/.test(readDist(file)) && readDist(file).includes(meta);
    const files: [string, string][] = [
      ...PRERENDER_ROUTES.map((r): [string, string] => [r.path === "/" ? "index.html" : `${r.path.slice(1)}/index.html`, r.path]),
      ...Object.entries(PETITION_TEMPLATES).map(([name, routePath]): [string, string] => [
        templatePath(name as keyof typeof PETITION_TEMPLATES).slice(1),
        routePath.replace(":id", "x"),
      ]),
      ["spa.html", "/spa"],
      ["admin/index.html", "/admin"],
    ];
    const captchaPages = files.filter(([, p]) => usesCaptcha(p)).map(([f]) => f);
    expect(captchaPages.sort()).toEqual(
      [
        "before-you-sign/index.html",
        "data-deletion-request/index.html",
        "report-scam/index.html",
        "spotting-exit-scams/index.html",
        "timeshare-scam-checklist/index.html",
        "where-scams-thrive/index.html",
        templatePath("sign").slice(1),
      ].sort(),
    );
    for (const [file, pagePath] of files) expect(opensWithPolicy(file), `${file} (${pagePath})`).toBe(!usesCaptcha(pagePath));
  });
});
