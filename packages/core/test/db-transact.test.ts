import { TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_MAX_ATTEMPTS, transactWithRetries } from "../src/db/transact";

/** DynamoDB is replaced by a sender each test scripts. */
const { send } = vi.hoisted(() => ({ send: vi.fn() }));
vi.mock("../src/db/client", () => ({ db: () => ({ send }) }));

/** A cancelled TransactWriteItems as the SDK throws it, with reason codes by item position. */
const cancelled = (...codes: string[]) =>
  Object.assign(new Error(`Transaction cancelled, please refer cancellation reasons for specific reasons [${codes.join(", ")}]`), {
    name: "TransactionCanceledException",
    CancellationReasons: codes.map((Code) => ({ Code })),
  });
const conflict = () => cancelled("None", "TransactionConflict");
const command = (attempt: number) => new TransactWriteCommand({ TransactItems: [], ClientRequestToken: `attempt-${attempt}` });

class DomainError extends Error {}

beforeEach(() => {
  send.mockReset();
  vi.spyOn(Math, "random").mockReturnValue(0); // no pause between attempts
});
afterEach(() => vi.restoreAllMocks());

describe("transactWithRetries", () => {
  it("sends the command once when it is written", async () => {
    send.mockResolvedValueOnce({});
    const build = vi.fn(command);
    expect(await transactWithRetries(build)).toEqual({ written: true, retries: 0 });
    expect(build).toHaveBeenCalledWith(1);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it("retries a TransactionConflict with a newly built command, counting the retries", async () => {
    send.mockRejectedValueOnce(conflict()).mockRejectedValueOnce(conflict()).mockResolvedValueOnce({});
    expect(await transactWithRetries(command)).toEqual({ written: true, retries: 2 });
    expect(send.mock.calls.map(([c]) => (c as TransactWriteCommand).input.ClientRequestToken)).toEqual(["attempt-1", "attempt-2", "attempt-3"]);
  });

  it("retries a TransactionConflictException (no reasons) too", async () => {
    send.mockRejectedValueOnce(Object.assign(new Error("conflict"), { name: "TransactionConflictException" })).mockResolvedValueOnce({});
    expect(await transactWithRetries(command)).toEqual({ written: true, retries: 1 });
  });

  it("retries DynamoDB Local's lock timeout as a conflict, and no other 500", async () => {
    const lockTimeout = Object.assign(
      new Error("This action timed out because it too long waiting for a lock. This request will succeed in actual DynamoDB API"),
      { name: "InternalServerError" },
    );
    send.mockRejectedValueOnce(lockTimeout).mockResolvedValueOnce({});
    expect(await transactWithRetries(command)).toEqual({ written: true, retries: 1 });

    const internal = Object.assign(new Error("Internal server error"), { name: "InternalServerError" });
    send.mockReset().mockRejectedValueOnce(internal).mockResolvedValueOnce({});
    await expect(transactWithRetries(command)).rejects.toBe(internal);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it("rethrows the last conflict after maxAttempts (default 8)", async () => {
    send.mockImplementation(async () => {
      throw conflict();
    });
    await expect(transactWithRetries(command)).rejects.toThrow(/TransactionConflict/);
    expect(send).toHaveBeenCalledTimes(DEFAULT_MAX_ATTEMPTS);
    expect(DEFAULT_MAX_ATTEMPTS).toBe(8);

    send.mockClear();
    await expect(transactWithRetries(command, { maxAttempts: 3 })).rejects.toThrow(/TransactionConflict/);
    expect(send).toHaveBeenCalledTimes(3);
  });

  it("rethrows anything else at once", async () => {
    const err = cancelled("ConditionalCheckFailed", "None");
    send.mockRejectedValueOnce(err);
    await expect(transactWithRetries(command)).rejects.toBe(err);

    const network = new Error("socket hang up");
    send.mockRejectedValueOnce(network);
    const onCancelled = vi.fn();
    await expect(transactWithRetries(command, { onCancelled })).rejects.toBe(network);
    expect(onCancelled).toHaveBeenCalledWith([]);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it("shows each failure's reasons to onCancelled first: a domain error is thrown as is", async () => {
    send.mockRejectedValueOnce(conflict()).mockRejectedValueOnce(cancelled("ConditionalCheckFailed", "None"));
    const seen: (string | undefined)[][] = [];
    const refusal = new DomainError("not found");
    const onCancelled = (reasons: (string | undefined)[]) => {
      seen.push(reasons);
      if (reasons[0] === "ConditionalCheckFailed") throw refusal;
    };
    await expect(transactWithRetries(command, { onCancelled })).rejects.toBe(refusal);
    expect(seen).toEqual([
      ["None", "TransactionConflict"],
      ["ConditionalCheckFailed", "None"],
    ]);
  });

  it("a domain error thrown on a conflict stops the retries", async () => {
    send.mockRejectedValue(conflict());
    const onCancelled = async () => {
      throw new DomainError("too many");
    };
    await expect(transactWithRetries(command, { onCancelled })).rejects.toBeInstanceOf(DomainError);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('"refused" answers written: false without retrying', async () => {
    send.mockRejectedValueOnce(conflict()).mockRejectedValueOnce(cancelled("ConditionalCheckFailed", "None"));
    const result = await transactWithRetries(command, { onCancelled: (r) => (r[0] === "ConditionalCheckFailed" ? "refused" : undefined) });
    expect(result).toEqual({ written: false, retries: 1 });
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('"retry" retries what is no conflict, up to maxAttempts', async () => {
    send.mockRejectedValueOnce(cancelled("None", "ConditionalCheckFailed")).mockResolvedValueOnce({});
    const onCancelled = async (r: (string | undefined)[]) => (r[1] === "ConditionalCheckFailed" ? ("retry" as const) : undefined);
    expect(await transactWithRetries(command, { onCancelled })).toEqual({ written: true, retries: 1 });

    send.mockReset();
    send.mockRejectedValue(cancelled("None", "ConditionalCheckFailed"));
    await expect(transactWithRetries(command, { onCancelled, maxAttempts: 2 })).rejects.toThrow(/ConditionalCheckFailed/);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it("pauses a random while, up to 20 ms × attempt, before each retry", async () => {
    vi.useFakeTimers();
    try {
      vi.spyOn(Math, "random").mockReturnValue(0.5);
      send.mockRejectedValueOnce(conflict()).mockRejectedValueOnce(conflict()).mockResolvedValueOnce({});
      const done = transactWithRetries(command);
      await vi.advanceTimersByTimeAsync(9);
      expect(send).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1); // 0.5 × 20 × 1
      expect(send).toHaveBeenCalledTimes(2);
      await vi.advanceTimersByTimeAsync(19);
      expect(send).toHaveBeenCalledTimes(2);
      await vi.advanceTimersByTimeAsync(1); // 0.5 × 20 × 2
      expect(send).toHaveBeenCalledTimes(3);
      expect(await done).toEqual({ written: true, retries: 2 });
    } finally {
      vi.useRealTimers();
    }
  });
});
