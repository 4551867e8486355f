import { afterEach, expect, it, vi } from "vitest";
import { TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
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
  const client = db();
  const realSend = client.send.bind(client);
  // only the signing transactions conflict; the petition's own reads (does it verify signatures?) go through
  const send = vi.spyOn(client, "send").mockImplementation(async (command: object) => {
    if (command instanceof TransactWriteCommand) throw conflictOnRateWindow();
    return realSend(command as never);
  });
  await expect(Signature.create({ ...request, petitionId: p.id, client: "203.0.113.50" })).rejects.toBeInstanceOf(TooManyAttempts);
  expect(send.mock.calls.filter(([command]) => command instanceof TransactWriteCommand).length).toBeLessThanOrEqual(3);
  vi.restoreAllMocks();
  expect((await petitionItems(p.id)).signatures).toHaveLength(0);
});
