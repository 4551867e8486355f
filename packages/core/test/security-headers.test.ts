import { S3Client } from "@aws-sdk/client-s3";
import { createPresignedPost } from "@aws-sdk/s3-presigned-post";
import { describe, expect, it } from "vitest";
import { cognitoOrigin, contentSecurityPolicy, evidenceOrigin, INLINE_SCRIPT_HASHES, securityHeaders } from "../src/request/security-headers";

const directives = (csp: string) =>
  Object.fromEntries(
    csp
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...sources]) => [name, sources]),
  );

const RECAPTCHA = ["https://www.google.com", "https://www.gstatic.com", "https://www.recaptcha.net"];

describe("security headers", () => {
  const csp = directives(contentSecurityPolicy({ cognitoOrigin: "https://cognito-idp.eu-west-1.amazonaws.com" }));

  it("allows only the site itself plus what reCAPTCHA v3 needs to run scripts, frames and calls", () => {
    expect(csp["default-src"]).toEqual(["'self'"]);
    expect(csp["script-src"]).toEqual(["'self'", ...INLINE_SCRIPT_HASHES, ...RECAPTCHA]);
    expect(INLINE_SCRIPT_HASHES.every((h) => /^'sha256-[A-Za-z0-9+/]{43}='$/.test(h))).toBe(true);
    expect(csp["frame-src"]).toEqual(expect.arrayContaining(RECAPTCHA));
    expect(csp["connect-src"]).toEqual(expect.arrayContaining(["'self'", ...RECAPTCHA]));
    expect(csp["object-src"]).toEqual(["'none'"]);
  });

  it("lets the admin sign-in reach the Cognito endpoint, and nothing else cross-origin", () => {
    expect(csp["connect-src"]).toEqual(["'self'", "https://cognito-idp.eu-west-1.amazonaws.com", ...RECAPTCHA]);
    expect(cognitoOrigin("eu-west-1")).toBe("https://cognito-idp.eu-west-1.amazonaws.com");
    expect(cognitoOrigin("us-east-1", "http://127.0.0.1:9229/some/path")).toBe("http://127.0.0.1:9229");
  });

  it("lets the report wizard POST evidence to the bucket's origin, and only there", () => {
    const withBucket = directives(
      contentSecurityPolicy({
        cognitoOrigin: "https://cognito-idp.eu-west-1.amazonaws.com",
        evidenceOrigin: evidenceOrigin("site-evidence-1a2b", "eu-west-1"),
      }),
    );
    expect(withBucket["connect-src"]).toEqual([
      "'self'",
      "https://cognito-idp.eu-west-1.amazonaws.com",
      "https://site-evidence-1a2b.s3.eu-west-1.amazonaws.com",
      ...RECAPTCHA,
    ]);
    expect(withBucket["form-action"]).toEqual(["'self'"]);
    expect(evidenceOrigin("evidence", "us-east-1", "http://127.0.0.1:4569/")).toBe("http://127.0.0.1:4569");
  });

  it("names the same origin as the presigned POST the API hands out, deployed and locally", async () => {
    const credentials = { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "secret" };
    const post = (client: S3Client, bucket: string) => createPresignedPost(client, { Bucket: bucket, Key: "uploads/x" });
    for (const region of ["us-east-1", "eu-west-1"]) {
      // as packages/core/src/evidence/s3.ts builds the client deployed
      const { url } = await post(new S3Client({ region, credentials }), "site-evidence-1a2b");
      expect(new URL(url).origin).toBe(evidenceOrigin("site-evidence-1a2b", region));
    }
    const endpoint = "http://127.0.0.1:4569";
    const { url } = await post(new S3Client({ region: "us-east-1", endpoint, forcePathStyle: true, credentials }), "evidence");
    expect(new URL(url).origin).toBe(evidenceOrigin("evidence", "us-east-1", endpoint));
  });

  it("forbids framing the site and allows Mantine's injected styles", () => {
    expect(csp["frame-ancestors"]).toEqual(["'none'"]);
    expect(csp["style-src"]).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it("relaxes scripts and websockets for Vite's dev server only", () => {
    const dev = directives(contentSecurityPolicy({ cognitoOrigin: "http://127.0.0.1:9229", viteDevServer: true }));
    expect(dev["script-src"]).toContain("'unsafe-inline'");
    expect(dev["script-src"].some((s) => s.startsWith("'sha256-"))).toBe(false);
    expect(dev["connect-src"]).toContain("ws:");
    expect(csp["script-src"]).not.toContain("'unsafe-inline'");
    expect(csp["connect-src"]).not.toContain("ws:");
  });

  it("sends HSTS, nosniff, no framing, a referrer policy and a permissions policy", () => {
    const headers = securityHeaders({ cognitoOrigin: "https://cognito-idp.us-east-1.amazonaws.com" });
    expect(headers).toMatchObject({
      "Strict-Transport-Security": "max-age=63072000; includeSubDomains",
      "X-Content-Type-Options": "nosniff",
      "X-Frame-Options": "DENY",
      "Referrer-Policy": "strict-origin-when-cross-origin",
    });
    expect(headers["Permissions-Policy"]).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/);
    expect(Object.keys(headers).sort()).toEqual(
      ["Content-Security-Policy", "Permissions-Policy", "Referrer-Policy", "Strict-Transport-Security", "X-Content-Type-Options", "X-Frame-Options"].sort(),
    );
  });
});
