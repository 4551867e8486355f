import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Audit } from "@site/core/audit";
import { resetSettings, settings } from "@site/core/config";
import { auditedPerson } from "@site/core/db/person-index";
import { listOutbox } from "@site/core/mail/outbox";
import { MailDrain } from "@site/core/mail-drain";
import { Petition } from "@site/core/petition";
import { Signature } from "@site/core/signature";
import { WITHDRAW_LINK_VALID_DAYS, withdrawToken } from "@site/core/signature/withdraw-link";
import { handler as sign } from "../../packages/functions/src/http/signature-create";
import { handler as withdraw } from "../../packages/functions/src/http/signature-withdraw";
import { handler as askForLink } from "../../packages/functions/src/http/signature-withdraw-link";
import { installLocalBus } from "../../scripts/local/bus";
import { newPetition, signer } from "../support/fixtures";
import { call, httpEvent } from "../support/http";
import { describeChanges, diff, snapshot, useOwnTable } from "../support/table-snapshot";

/**
 * Withdrawing a signature from the link of the signer's share e-mail: the count drops by exactly
 * one, audited under the person's hash; a wrong token writes nothing but the attempt's count; a
 * second withdrawal says it is done already.
 */
const bus = installLocalBus();
let ip = 0;
const nextIp = () => `203.0.113.${++ip}`;

beforeAll(async () => {
  await useOwnTable("withdraw");
});
afterAll(() => bus.idle());

async function signed(petitionId: string, tag: string) {
  const person = signer(tag);
  const res = await call(sign, httpEvent({ method: "POST", pathParameters: { id: petitionId }, body: person, sourceIp: nextIp() }));
  expect(res.statusCode, JSON.stringify(res.body)).toBe(201);
  await bus.idle();
  return { person, signatureId: (res.body as { signatureId: string }).signatureId };
}

const post = (petitionId: string, signatureId: string, body: unknown, sourceIp = nextIp()) =>
  call(
    withdraw,
    httpEvent({
      method: "POST",
      path: `/api/petitions/${petitionId}/signatures/${signatureId}/withdraw`,
      pathParameters: { id: petitionId, signatureId },
      body,
      sourceIp,
    }),
  );

const mails = async (address: string, subject: RegExp) =>
  (await listOutbox(settings().OUTBOX_DIR)).filter((m) => m.to.includes(address) && subject.test(m.subject));

/** The first e-mail to `address` whose subject matches, draining the paced mail queue until it is there. */
async function mailTo(address: string, subject: RegExp) {
  await expect
    .poll(
      async () => {
        await MailDrain.drain({ budgetMs: 2000 });
        return (await mails(address, subject)).length > 0;
      },
      { timeout: 20_000, message: `an e-mail to ${address} (${subject})` },
    )
    .toBe(true);
  return (await mails(address, subject))[0];
}

const ask = (petitionId: string, signatureId: string, body: unknown = { send: true }, sourceIp = nextIp()) =>
  call(askForLink, httpEvent({ method: "POST", pathParameters: { id: petitionId, signatureId }, body, sourceIp }));

/**
 * The withdraw link that reaches `address`: the share e-mail names the withdraw page without a token
 * (people forward it); the page's request e-mails the link to the address that signed.
 */
async function linkFor(petitionId: string, signatureId: string, address: string): Promise<URL> {
  const share = await mailTo(address, /spread the word/i);
  const page = /We can e-mail you a link to withdraw your signature: (\S+)/.exec(share.text)?.[1];
  expect(page, share.text).toBeDefined();
  expect(new URL(page!).searchParams.has("t")).toBe(false);
  expect(share.text + share.html).not.toMatch(/[?&](amp;)?t=/);
  expect([...new URL(page!).searchParams.keys()]).toEqual(["s"]);
  const res = await ask(petitionId, new URL(page!).searchParams.get("s")!);
  expect([res.statusCode, res.body]).toEqual([202, { status: "requested" }]);
  const mail = await mailTo(address, /link to withdraw/i);
  const url = /^(https?:\S+withdraw\S+)$/m.exec(mail.text)?.[1];
  expect(url, mail.text).toBeDefined();
  expect(mail.html).toContain(">Withdraw my signature</a>");
  return new URL(url!);
}

describe("withdrawing a signature", () => {
  it("from the link the withdraw page e-mails (the share e-mail carries none): the count drops by one, audited under the person's hash", async () => {
    const p = await newPetition();
    const kept = await signed(p.id, "keeps");
    const leaving = await signed(p.id, "leaves");
    expect(await Petition.count(p.id, true)).toBe(2);

    const link = await linkFor(p.id, leaving.signatureId, leaving.person.email);
    expect(link.pathname).toBe(`/petitions/${p.id}/withdraw`);
    expect(link.searchParams.get("s")).toBe(leaving.signatureId);

    const res = await post(p.id, leaving.signatureId, { token: link.searchParams.get("t") });
    expect([res.statusCode, res.body]).toEqual([200, { status: "withdrawn", signatureCount: 1 }]);
    expect(await Petition.count(p.id, true)).toBe(1);
    await expect(Signature.fromID(p.id, leaving.signatureId)).rejects.toThrow("Signature not found");
    await expect(Signature.fromID(p.id, kept.signatureId)).resolves.toMatchObject({ email: kept.person.email });

    const entry = (await Audit.list(50)).find((e) => e.action === "signature.withdrawn" && e.target === `${p.id}/${leaving.signatureId}`);
    expect(entry).toMatchObject({ actor: auditedPerson(leaving.person.email), rows: 1, status: "completed" });
    expect(JSON.stringify(entry)).not.toContain(leaving.person.email);
  });

  it("a second time: 404 'already withdrawn', nothing changes", async () => {
    const p = await newPetition();
    const { signatureId } = await signed(p.id, "twice");
    const token = withdrawToken(p.id, signatureId);
    expect((await post(p.id, signatureId, { token })).statusCode).toBe(200);
    // the withdrawal's spreadsheet re-sync runs on the bus
    await bus.idle();
    const before = await snapshot();
    const again = await post(p.id, signatureId, { token });
    expect([again.statusCode, again.body]).toEqual([404, { error: "This signature has already been withdrawn." }]);
    const changes = diff(before, await snapshot()).filter((c) => c.kind !== "RATE");
    expect(changes, describeChanges(changes)).toEqual([]);
    expect(await Petition.count(p.id, true)).toBe(0);
  });

  it("with a wrong or malformed token: refused with a clear error, and nothing written but the attempt's count", async () => {
    const p = await newPetition();
    const mine = await signed(p.id, "mine");
    const other = await signed(p.id, "other");
    const before = await snapshot();

    // another signature's token, a forged one, a token of another petition's signature
    const day = withdrawToken(p.id, mine.signatureId).split(".")[0];
    // the old form (no day) is not a link any more, and a day moved forward breaks the signature
    const moved = `${Number(day) + 1}.${withdrawToken(p.id, mine.signatureId).split(".")[1]}`;
    for (const token of [withdrawToken(p.id, other.signatureId), `${day}.${"A".repeat(43)}`, moved, withdrawToken("another-petition", mine.signatureId)]) {
      const res = await post(p.id, mine.signatureId, { token });
      expect([res.statusCode, res.body]).toEqual([403, { error: "This withdrawal link is not valid. Please open the link from your e-mail again." }]);
    }
    for (const [body, message] of [
      [{ token: "short" }, "This withdrawal link is not valid"],
      [{ token: "A".repeat(43) }, "This withdrawal link is not valid"],
      [{}, "The link's token is missing"],
    ] as const) {
      const res = await post(p.id, mine.signatureId, body);
      expect(res.statusCode).toBe(400);
      expect((res.body as { error: string }).error).toBe(message);
    }
    const changes = diff(before, await snapshot());
    expect(
      changes.filter((c) => c.kind !== "RATE"),
      describeChanges(changes),
    ).toEqual([]);
    expect(await Petition.count(p.id, true)).toBe(2);
  });

  it(`expires ${WITHDRAW_LINK_VALID_DAYS} days after it was made: 410 with a clear message, nothing withdrawn`, async () => {
    const p = await newPetition();
    const { signatureId } = await signed(p.id, "late");
    const old = withdrawToken(p.id, signatureId, Date.now() - (WITHDRAW_LINK_VALID_DAYS + 1) * 86_400_000);
    const res = await post(p.id, signatureId, { token: old });
    expect(res.statusCode).toBe(410);
    expect((res.body as { error: string }).error).toMatch(/^This withdrawal link has expired/);
    expect(await Petition.count(p.id, true)).toBe(1);
    // the last day still works
    const lastDay = withdrawToken(p.id, signatureId, Date.now() - WITHDRAW_LINK_VALID_DAYS * 86_400_000);
    expect((await post(p.id, signatureId, { token: lastDay })).statusCode).toBe(200);
  });

  it("asking for a link answers alike whether or not the signature exists, and mails the signer at most once a day", async () => {
    const p = await newPetition();
    const { person, signatureId } = await signed(p.id, "asks-link");
    await mailTo(person.email, /spread the word/i);
    for (const [id, sid] of [
      [p.id, signatureId],
      [p.id, signatureId],
      [p.id, "0".repeat(26)],
      ["no-such-petition", signatureId],
    ]) {
      expect(await ask(id, sid)).toMatchObject({ statusCode: 202, body: { status: "requested" } });
    }
    await mailTo(person.email, /link to withdraw/i);
    await MailDrain.drain({ budgetMs: 1000 });
    expect(await mails(person.email, /link to withdraw/i)).toHaveLength(1);
    const bad = await ask(p.id, signatureId, { send: true, email: person.email });
    expect(bad.statusCode).toBe(400);
  });

  it("counts attempts per client: past the limit, 429 before the token is looked at", async () => {
    vi.stubEnv("PRIVACY_RATE_LIMIT_PER_MINUTE", "2");
    resetSettings();
    try {
      const p = await newPetition();
      const { signatureId } = await signed(p.id, "limited");
      const client = nextIp();
      const forged = `${withdrawToken(p.id, signatureId).split(".")[0]}.${"B".repeat(43)}`;
      for (let i = 0; i < 2; i++) expect((await post(p.id, signatureId, { token: forged }, client)).statusCode).toBe(403);
      const refused = await post(p.id, signatureId, { token: withdrawToken(p.id, signatureId) }, client);
      expect(refused.statusCode).toBe(429);
      expect(await Petition.count(p.id, true)).toBe(1);
    } finally {
      vi.unstubAllEnvs();
      resetSettings();
    }
  });
});
