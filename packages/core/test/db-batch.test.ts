import { BatchWriteCommand } from "@aws-sdk/lib-dynamodb";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { batchWrite } from "../src/db/batch";

/** DynamoDB is replaced by a sender each test scripts. */
const { send } = vi.hoisted(() => ({ send: vi.fn() }));
vi.mock("../src/db/client", () => ({ db: () => ({ send }), table: () => "t" }));

const put = (id: string) => ({ PutRequest: { Item: { pk: id, sk: id } } });
const sentItems = () =>
  send.mock.calls.map(([c]) => ((c as BatchWriteCommand).input.RequestItems!.t ?? []).map((r) => (r as ReturnType<typeof put>).PutRequest.Item.pk));

beforeEach(() => send.mockReset());

describe("batchWrite", () => {
  it("sends again what DynamoDB left unprocessed, and only that", async () => {
    send.mockResolvedValueOnce({ UnprocessedItems: { t: [put("b")] } }).mockResolvedValueOnce({});
    await batchWrite([put("a"), put("b")]);
    expect(sentItems()).toEqual([["a", "b"], ["b"]]);
  });

  it("sends the whole batch again after a timeout or a server fault: puts are idempotent", async () => {
    const timeout = Object.assign(new Error("a request has exceeded the configured 30000 ms requestTimeout"), { name: "TimeoutError" });
    const lock = Object.assign(new Error("Timeout waiting for a lock"), { $fault: "server" });
    send.mockRejectedValueOnce(timeout).mockRejectedValueOnce(lock).mockResolvedValueOnce({});
    await batchWrite([put("a")]);
    expect(sentItems()).toEqual([["a"], ["a"], ["a"]]);
  });

  it("does not retry a client error: a malformed batch fails at once", async () => {
    send.mockRejectedValueOnce(Object.assign(new Error("One or more parameter values were invalid"), { name: "ValidationException", $fault: "client" }));
    await expect(batchWrite([put("a")])).rejects.toThrow("parameter values were invalid");
    expect(send).toHaveBeenCalledTimes(1);
  });
});
