import { expect, it } from "vitest";
import { settings } from "@site/core/config";
import { Signature } from "@site/core/signature";
import { TooManyAttempts } from "@site/core/ratelimit";
import { newPetition, petitionItems } from "../support/fixtures";
import { importRequests } from "../support/signatures";

/**
 * A burst from one client: its attempts are counted on its rate window, each by one conditional
 * write before its signing transaction (the window is in no transaction, so its attempts never cancel
 * each other's transactions with a TransactionConflict). However many arrive at once, the minute's
 * limit are signed and the rest refused with 429, never a 500.
 */
it("a burst from one client signs the minute's limit and refuses the rest with 429, not a 500", async () => {
  const p = await newPetition();
  const limit = settings().SIGN_RATE_LIMIT_PER_MINUTE;
  const requests = importRequests(limit * 2, `burst-${p.id}`);
  // one minute's window: a burst that straddles a minute's end would get a second window
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 50_000) await new Promise((r) => setTimeout(r, 60_000 - intoMinute + 100));
  const outcomes = await Promise.allSettled(requests.map((req) => Signature.create({ ...req, petitionId: p.id, client: "203.0.113.50" })));
  const signed = outcomes.filter((o) => o.status === "fulfilled");
  const refused = outcomes.flatMap((o) => (o.status === "rejected" ? [o.reason] : []));
  expect(signed).toHaveLength(limit);
  expect(refused).toHaveLength(limit);
  for (const reason of refused) expect(reason).toBeInstanceOf(TooManyAttempts);
  expect((await petitionItems(p.id)).signatures).toHaveLength(limit);
});
