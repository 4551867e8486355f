import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../src/lib/api";
import { RETRY_DELAYS_MS, sendOnce } from "../src/lib/sendOnce";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

/** A fetch answering `answers` in turn (a status and a body, or "offline"), recording each request's headers. */
function answering(...answers: ([number, unknown] | "offline")[]) {
  const seen: Record<string, string>[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (_url: string, init: RequestInit) => {
      seen.push(init.headers as Record<string, string>);
      const next = answers[seen.length - 1];
      if (next === "offline") throw new TypeError("Failed to fetch");
      return new Response(JSON.stringify(next[1]), { status: next[0], headers: { "content-type": "application/json" } });
    }),
  );
  return seen;
}

const noWait = vi.fn(async (_ms: number) => {});
let tokens = 0;
const body = vi.fn(async () => ({ email: "a@example.com", captchaToken: `token-${++tokens}` }));

describe("a public form's submission", () => {
  it.each([
    ["a 503 and a 500", [503, { error: "busy" }], [500, { message: "Internal Server Error" }]],
    ["a lost connection and a 504", "offline", [504, { message: "Gateway Timeout" }]],
  ] as const)("is sent again with the same Idempotency-Key after %s, with a fresh body each time", async (_, a, b) => {
    const seen = answering(a as [number, unknown] | "offline", b as [number, unknown] | "offline", [201, { signatureId: "s1" }]);
    await expect(sendOnce("/api/x", body, "Failed", noWait)).resolves.toEqual({ signatureId: "s1" });
    expect(seen).toHaveLength(3);
    const keys = seen.map((h) => h["Idempotency-Key"]);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(keys).size).toBe(1);
    expect(body).toHaveBeenCalledTimes(3);
    expect(noWait.mock.calls.map(([ms]) => ms)).toEqual(RETRY_DELAYS_MS);
    expect(RETRY_DELAYS_MS[0]).toBeGreaterThanOrEqual(2000);
  });

  it("is not retried when refused (a 400, a 429), and each submission has a key of its own", async () => {
    const seen = answering([400, { error: "Invalid email", fields: { email: "Invalid email" } }], [429, { error: "Too many" }]);
    await expect(sendOnce("/api/x", body, "Failed", noWait)).rejects.toMatchObject({ status: 400, message: "Invalid email" });
    await expect(sendOnce("/api/x", body, "Failed", noWait)).rejects.toMatchObject({ status: 429 });
    expect(seen).toHaveLength(2);
    expect(seen[0]["Idempotency-Key"]).not.toBe(seen[1]["Idempotency-Key"]);
  });

  it("gives up after its retries with the API's message, or the form's own", async () => {
    const attempts = RETRY_DELAYS_MS.length + 1;
    answering(...Array.from({ length: attempts }, () => [503, { error: "We are very busy right now." }] as [number, unknown]), [201, {}]);
    const err = await sendOnce("/api/x", body, "Failed to submit signature", noWait).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 503, message: "We are very busy right now." });
    answering(...Array.from({ length: attempts }, () => [500, { message: "Internal Server Error" }] as [number, unknown]), [201, {}]);
    await expect(sendOnce("/api/x", body, "Failed to submit signature", noWait)).rejects.toMatchObject({ message: "Failed to submit signature" });
  });
});
