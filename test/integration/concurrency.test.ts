import { expect, it } from "vitest";
import { handler as sign } from "../../packages/functions/src/http/signature-create";
import { Petition } from "@site/core/petition";
import { call, httpEvent } from "../support/http";
import { newPetition, petitionItems, signer } from "../support/fixtures";
import { installLocalBus } from "../../scripts/local/bus";

const bus = installLocalBus();

it("200 concurrent signers with different e-mails leave a count equal to the stored signatures", async () => {
  const { id } = await newPetition(1000);
  const results = await Promise.all(
    Array.from({ length: 200 }, (_, i) =>
      call(
        sign,
        httpEvent({
          method: "POST",
          pathParameters: { id },
          body: signer(`c${i}`),
          sourceIp: `10.200.${Math.floor(i / 5)}.${i % 5}`,
        }),
      ),
    ),
  );
  await bus.idle();
  const statuses = results.map((r) => r.statusCode);
  expect(statuses.filter((s) => s !== 201)).toEqual([]);
  const items = await petitionItems(id);
  expect(items.signatures).toHaveLength(200);
  expect(items.guards).toHaveLength(200);
  expect(await Petition.count(id, true)).toBe(200);
  // the increments spread over several shards instead of one hot item
  expect(items.shards.filter((s) => Number(s.count) > 0).length).toBeGreaterThan(1);
  // every response carried a count no higher than the final one (one that includes the signer's own:
  // the next test), and none more than the counted signatures: a count known to this process within
  // KNOWN_COUNT_MAX_AGE_MS plus its own signatures since, not a read per signer
  const answered = results.map((r) => Number(r.body.signatureCount));
  expect(Math.max(...answered)).toBeLessThanOrEqual(200);
  expect(Math.min(...answered)).toBeGreaterThanOrEqual(1);
});

it("answers each signer with a count that includes their own signature", async () => {
  const { id } = await newPetition(1000);
  const sequential: number[] = [];
  for (let i = 0; i < 5; i++) {
    const res = await call(sign, httpEvent({ method: "POST", pathParameters: { id }, body: signer(`s${i}`), sourceIp: `10.201.0.${i}` }));
    sequential.push(res.body.signatureCount);
  }
  expect(sequential).toEqual([1, 2, 3, 4, 5]);
  // concurrent signers share count reads, yet none is told a count that misses their own signature
  const burst = await Promise.all(
    Array.from({ length: 40 }, (_, i) => call(sign, httpEvent({ method: "POST", pathParameters: { id }, body: signer(`b${i}`), sourceIp: `10.202.0.${i}` }))),
  );
  const counts = burst.map((r) => r.body.signatureCount as number);
  expect(Math.min(...counts)).toBeGreaterThanOrEqual(6);
  expect(Math.max(...counts)).toBe(45);
  await bus.idle();
});
