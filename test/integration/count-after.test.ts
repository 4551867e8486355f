import { QueryCommand } from "@aws-sdk/lib-dynamodb";
import { afterEach, describe, expect, it, vi } from "vitest";
import { db } from "@site/core/db/client";
import { Petition } from "@site/core/petition";
import { Signature } from "@site/core/signature";
import { newPetition } from "../support/fixtures";
import { importRequests } from "../support/signatures";

afterEach(() => vi.restoreAllMocks());

const sign = (petitionId: string, request: Signature.SignRequest, i: number) =>
  Signature.create({ ...request, petitionId, client: `10.77.${i >> 8}.${i & 255}` });

/**
 * performance.now() as the count cache sees it: a microsecond later at each call, and moved on only
 * by `advance`. The cache's rules are about ages (a known count serves for a second, is dropped at
 * two); on the real clock a loaded machine's 40-signer burst outlasted them and its answers came from
 * reads that coincided, so the tests would measure the machine instead of the rules.
 */
function virtualClock() {
  let now = performance.now();
  vi.spyOn(performance, "now").mockImplementation(() => (now += 0.001));
  return { advance: (ms: number) => void (now += ms) };
}

/** Waits until every call the spy saw, and each call those started, has answered. */
async function settled(send: { mock: { results: { value: unknown }[] } }) {
  for (let seen = -1; seen !== send.mock.results.length;) {
    seen = send.mock.results.length;
    await Promise.allSettled(send.mock.results.map((r) => r.value));
    await new Promise((r) => setImmediate(r));
  }
}

describe("the count a signer is answered with", () => {
  it("after a fresh read, a burst of signers on this server is answered from it plus their own signatures, without more reads", async () => {
    virtualClock();
    const p = await newPetition();
    const people = importRequests(41, `count-${p.id}`);
    expect((await sign(p.id, people[0], 0)).signatureCount).toBe(1);
    const send = vi.spyOn(db(), "send");
    const burst = await Promise.all(people.slice(1).map((person, i) => sign(p.id, person, i + 1)));
    const countReads = send.mock.calls.filter(([command]) => command instanceof QueryCommand).length;
    send.mockRestore();
    expect(countReads).toBeLessThanOrEqual(2);
    const counts = burst.map((r) => r.signatureCount!);
    // each includes the signer's own signature and none exceeds what is stored
    expect(Math.min(...counts)).toBeGreaterThanOrEqual(2);
    expect(Math.max(...counts)).toBe(41);
    expect(new Set(counts).size).toBe(counts.length);
    expect(await Petition.count(p.id, true)).toBe(41);
  });

  it("is refreshed in the background once older than a second", async () => {
    const clock = virtualClock();
    const p = await newPetition();
    const people = importRequests(3, `stale-${p.id}`);
    // another server's signature: the same transaction, committed without this process knowing
    const otherServer = async (n: number) => {
      const req = { ...importRequests(1, `other${n}-${p.id}`)[0], petitionId: p.id, client: `10.78.0.${n}` };
      const signature = Signature.build(req);
      await Signature.writeWithRetries(
        (shard) => Signature.transaction(req, signature, shard),
        async () => {},
      );
    };
    expect((await sign(p.id, people[0], 0)).signatureCount).toBe(1);
    await otherServer(1);
    Petition.forgetCount(p.id);
    expect((await sign(p.id, people[1], 1)).signatureCount).toBe(3);
    await otherServer(2);
    Petition.forgetCount(p.id);
    await sign(p.id, people[2], 2); // reads 5: the known count
    await otherServer(3);
    clock.advance(Petition.KNOWN_COUNT_MAX_AGE_MS + 50);
    // a second old: still answered from it (5 + this one), and a read starts in the background
    const [late, later] = importRequests(2, `late-${p.id}`);
    const send = vi.spyOn(db(), "send");
    expect((await sign(p.id, late, 3)).signatureCount).toBe(6);
    // the background read's calls answered (a fixed wait lost the race on a loaded machine)
    await settled(send);
    send.mockRestore();
    // the background read (7) now answers, with the other server's signature
    expect((await sign(p.id, later, 4)).signatureCount).toBe(8);
  });
});
