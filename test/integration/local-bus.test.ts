/**
 * The local stand-in for EventBridge waits for a quiet API before delivering (subscribers share
 * DynamoDB Local and the CPU with visitors), but never indefinitely: under steady traffic the side
 * effects of events (e-mails, sheet syncs) must still happen.
 */
import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import { z } from "zod";
import { Bus } from "@site/core/bus";
import { installLocalBus, MAX_DEFER_MS } from "../../scripts/local/bus";

it("delivers while the API never goes quiet, once a delivery has waited MAX_DEFER_MS", async () => {
  let requestsServed = 0;
  const bus = installLocalBus({ busy: () => ++requestsServed > 0 });
  // an event no subscriber listens to: its one delivery is the outbox acknowledgement
  await Bus.publish(Bus.event(`test.nobody_listens_${randomUUID().slice(0, 8)}`, z.object({})), {});
  expect(bus.backlog()).toBe(1);
  await bus.idle();
  expect(bus.backlog()).toBe(0);
  expect(requestsServed).toBeGreaterThan(0);
  expect(MAX_DEFER_MS).toBeLessThan(5_000);
});
