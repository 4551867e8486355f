import { createServer, type Server } from "node:http";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { Captcha } from "@site/core/captcha";
import { resetSettings } from "@site/core/config";
import { freePort } from "../../scripts/local/ports";

/** A stand-in for Google's siteverify on 127.0.0.1: answers by token, records what it was sent. */
let server: Server;
const received: URLSearchParams[] = [];
const answers: Record<string, object> = {
  good: { success: true, score: 0.9, action: "sign_petition" },
  "low-score": { success: true, score: 0.1, action: "sign_petition" },
  "wrong-action": { success: true, score: 0.9, action: "download_guide" },
  invalid: { success: false, "error-codes": ["invalid-input-response"] },
};

beforeAll(async () => {
  const port = await freePort();
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      const params = new URLSearchParams(body);
      received.push(params);
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(answers[params.get("response") ?? ""] ?? { success: false }));
    });
  });
  await new Promise<void>((r) => server.listen(port, "127.0.0.1", r));
  process.env.CAPTCHA_VERIFY_URL = `http://127.0.0.1:${port}/recaptcha/api/siteverify`;
});

afterEach(() => {
  delete process.env.CAPTCHA_SECRET;
  resetSettings();
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const withSecret = () => {
  process.env.CAPTCHA_SECRET = "test-secret-value";
  process.env.CAPTCHA_MIN_SCORE = "0.5";
  resetSettings();
};

describe("reCAPTCHA v3 verification", () => {
  it("is off without a secret", async () => {
    expect(Captcha.enabled()).toBe(false);
    await expect(Captcha.verify(undefined, "sign_petition")).resolves.toBeUndefined();
  });

  it("accepts a good token and sends the secret, token and IP", async () => {
    withSecret();
    await expect(Captcha.verify("good", "sign_petition", "203.0.113.5")).resolves.toBeUndefined();
    const last = received.at(-1)!;
    expect(Object.fromEntries(last)).toEqual({ secret: "test-secret-value", response: "good", remoteip: "203.0.113.5" });
  });

  it.each(["low-score", "wrong-action", "invalid", "unknown"])("refuses a %s token", async (token) => {
    withSecret();
    await expect(Captcha.verify(token, "sign_petition")).rejects.toMatchObject({
      status: 400,
      message: "Security verification failed. Please try again.",
    });
  });

  it("refuses a missing token without calling the verifier", async () => {
    withSecret();
    const before = received.length;
    await expect(Captcha.verify(undefined, "sign_petition")).rejects.toMatchObject({ status: 400 });
    expect(received.length).toBe(before);
  });

  it("refuses when the verifier is unreachable", async () => {
    withSecret();
    process.env.CAPTCHA_VERIFY_URL = "http://127.0.0.1:1/siteverify";
    resetSettings();
    await expect(Captcha.verify("good", "sign_petition")).rejects.toMatchObject({ status: 400 });
  });
});
