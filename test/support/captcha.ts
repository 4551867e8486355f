import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, vi } from "vitest";
import { resetSettings } from "@site/core/config";
import { freePort } from "../../scripts/local/ports";

/**
 * Captcha on for the enclosing describe: a stand-in for Google's siteverify on 127.0.0.1 that says
 * every token was made for the action named by the token itself (so "report_scam" passes where that
 * action is expected, and any other word is a token for another action).
 */
export function captchaOnEchoingActions() {
  let verifier: Server;
  beforeAll(async () => {
    const port = await freePort();
    verifier = createServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        const action = new URLSearchParams(body).get("response");
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ success: true, score: 0.9, action }));
      });
    });
    await new Promise<void>((r) => verifier.listen(port, "127.0.0.1", r));
    vi.stubEnv("CAPTCHA_VERIFY_URL", `http://127.0.0.1:${port}/siteverify`);
    vi.stubEnv("CAPTCHA_SECRET", "test-secret");
    resetSettings();
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    delete process.env.CAPTCHA_SECRET;
    resetSettings();
    await new Promise<void>((r) => verifier.close(() => r()));
  });
}
