import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, api, fetcher, postJson, request } from "../src/lib/api";

function respond(status: number, body: unknown) {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  return vi.fn(async () => new Response(text, { status, headers: { "content-type": "application/json" } }));
}

afterEach(() => vi.unstubAllGlobals());

describe("the shared fetcher", () => {
  it("returns the parsed body on success", async () => {
    vi.stubGlobal("fetch", respond(200, { count: 42 }));
    await expect(fetcher(api.signatureCount)).resolves.toEqual({ count: 42 });
  });

  it("throws an ApiError carrying the status and the API's own error message", async () => {
    vi.stubGlobal("fetch", respond(404, { error: "Petition not found" }));
    const error = await fetcher(api.petition("nope")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, message: "Petition not found", fields: {} });
  });

  it("keeps field messages of a 400", async () => {
    vi.stubGlobal("fetch", respond(400, { error: "Invalid input", fields: { email: "Invalid email", junk: 3 } }));
    const error = (await postJson(api.signatures("p"), {}).catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(400);
    expect(error.message).toBe("Invalid input");
    expect(error.fields).toEqual({ email: "Invalid email" });
  });

  it("uses the fallback message when the body has no error", async () => {
    vi.stubGlobal("fetch", respond(502, "<html>Bad gateway</html>"));
    await expect(postJson(api.signatures("p"), {}, { fallbackMessage: "Failed to submit signature" })).rejects.toMatchObject({
      status: 502,
      message: "Failed to submit signature",
    });
  });

  it("describes an answer that is not JSON when asked (the console): 'Invalid response from server: {text}'", async () => {
    vi.stubGlobal("fetch", respond(502, "<html>Bad gateway</html>"));
    await expect(request("/api/admin/sheets/reports", { method: "POST", describeInvalid: true, fallbackMessage: "Failed to sync" })).rejects.toMatchObject({
      status: 502,
      message: "Invalid response from server: <html>Bad gateway</html>",
    });
    vi.stubGlobal("fetch", respond(200, "OK, synced"));
    await expect(request("/api/admin/sheets/reports", { method: "POST", describeInvalid: true })).rejects.toMatchObject({
      message: "Invalid response from server: OK, synced",
    });
  });

  it("turns a network failure into an ApiError with status 0", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    await expect(fetcher("/api/config")).rejects.toMatchObject({ status: 0 });
  });

  it("sends JSON bodies and a Bearer token", async () => {
    const fetchMock = respond(201, { signatureId: "s1", signatureCount: 7 });
    vi.stubGlobal("fetch", fetchMock);
    await request("/api/admin/petitions", { token: "abc" });
    await postJson(api.signatures("timeshare-reform"), { firstName: "A" });
    const calls = fetchMock.mock.calls as unknown as [string, RequestInit][];
    expect(calls[0]![0]).toBe("/api/admin/petitions");
    expect((calls[0]![1].headers as Record<string, string>).Authorization).toBe("Bearer abc");
    expect(calls[1]![0]).toBe("/api/petitions/timeshare-reform/signatures");
    expect(calls[1]![1].method).toBe("POST");
    expect(calls[1]![1].body).toBe('{"firstName":"A"}');
    expect((calls[1]![1].headers as Record<string, string>)["Content-Type"]).toBe("application/json");
  });

  it("sends the JSON content type on every write, with or without a body, and not on reads", async () => {
    const fetchMock = respond(200, {});
    vi.stubGlobal("fetch", fetchMock);
    await request("/api/admin/test-email", { method: "POST" });
    await request("/api/admin/petitions/p", { method: "PATCH", body: { goal: 5 } });
    await request("/api/admin/petitions/p", { method: "DELETE" });
    await request(api.signatureCount);
    const types = (fetchMock.mock.calls as unknown as [string, RequestInit][]).map(([, init]) => (init.headers as Record<string, string>)["Content-Type"]);
    expect(types).toEqual(["application/json", "application/json", undefined, undefined]);
  });
});
