import { expect, it } from "vitest";
import { settings } from "@site/core/config";
import { handler as sign } from "../../packages/functions/src/http/signature-create";
import { newPetition, petitionItems, signer } from "../support/fixtures";
import { call, httpEvent } from "../support/http";

/**
 * A burst from one client through the sign route: its attempts are counted on its rate window, each by
 * one conditional write before its signing transaction (`RateLimit.admitForm`) (the window is in no transaction, so its attempts never cancel
 * each other's transactions with a TransactionConflict). However many arrive at once, the minute's
 * limit are signed and the rest refused with 429, never a 500.
 */
it("a burst from one client signs the minute's limit and refuses the rest with 429, not a 500", async () => {
  const p = await newPetition();
  const limit = settings().SIGN_RATE_LIMIT_PER_MINUTE;
  // one minute's window: a burst that straddles a minute's end would get a second window
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 50_000) await new Promise((r) => setTimeout(r, 60_000 - intoMinute + 100));
  const answers = await Promise.all(
    Array.from({ length: limit * 2 }, (_, i) =>
      call(
        sign,
        httpEvent({
          method: "POST",
          pathParameters: { id: p.id },
          body: signer(`burst${i}`, { email: `burst-${i}-${p.id}@example.com` }),
          sourceIp: "203.0.113.50",
        }),
      ),
    ),
  );
  expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(limit);
  const refused = answers.filter((a) => a.statusCode === 429);
  expect(refused).toHaveLength(limit);
  for (const a of refused) expect(a.body).toEqual({ error: "Too many attempts. Please wait a minute and try again." });
  expect((await petitionItems(p.id)).signatures).toHaveLength(limit);
});
