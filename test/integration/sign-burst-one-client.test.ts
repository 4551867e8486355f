import { afterEach, expect, it, vi } from "vitest";
import { db } from "@site/core/db/client";
import { Signature } from "@site/core/signature";
import { TooManyAttempts } from "@site/core/ratelimit";
import { newPetition, petitionItems } from "../support/fixtures";
import { importRequests } from "../support/signatures";

afterEach(() => vi.restoreAllMocks());

/**
 * DynamoDB cancels concurrent transactions that update the same item with TransactionConflict.
 * DynamoDB Local serialises them instead, so the cancellation real DynamoDB gives a burst from one
 * client (all contending for its rate window) is reproduced here on the client's send.
 */
const conflictOnRateWindow = () =>
  Object.assign(
    new Error("Transaction cancelled, please refer cancellation reasons for specific reasons [None, None, TransactionConflict, None, None, None, None]"),
    {
      name: "TransactionCanceledException",
      CancellationReasons: [
        { Code: "None" },
        { Code: "None" },
        { Code: "TransactionConflict" },
        { Code: "None" },
        { Code: "None" },
        { Code: "None" },
        { Code: "None" },
      ],
    },
  );

it("a burst from one client that keeps conflicting on its own rate window is refused with 429, not a 500", async () => {
  const p = await newPetition();
  const [request] = importRequests(1, `burst-${p.id}`);
  const send = vi.spyOn(db(), "send").mockImplementation(async () => {
    throw conflictOnRateWindow();
  });
  await expect(Signature.create({ ...request, petitionId: p.id, client: "203.0.113.50" })).rejects.toBeInstanceOf(TooManyAttempts);
  expect(send.mock.calls.length).toBeLessThanOrEqual(3);
  vi.restoreAllMocks();
  expect((await petitionItems(p.id)).signatures).toHaveLength(0);
});
