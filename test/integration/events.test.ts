import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { describe, expect, it, vi } from "vitest";
import { handler as sign } from "../../packages/functions/src/http/signature-create";
import { handler as signatureEffects } from "../../packages/functions/src/events/signature-effects";
import { handler as legacyEvent } from "../../packages/functions/src/events/signature-legacy-event";
import { handler as confirmNewsletter } from "../../packages/functions/src/http/newsletter-confirm";
import { settings } from "@site/core/config";
import { db, table } from "@site/core/db/client";
import { Bus } from "@site/core/bus";
import { Mail } from "@site/core/mail";
import { listOutbox } from "@site/core/mail/outbox";
import { Signature } from "@site/core/signature";
import { SignatureListing } from "@site/core/signature/listing";
import { oldest } from "@site/core/signature/index-partitions";
import { fromHeaders } from "@site/core/request/metadata";
import { call, httpEvent } from "../support/http";
import { newPetition, signer } from "../support/fixtures";
import { installLocalBus } from "../../scripts/local/bus";
import { signatureInsertRecord } from "../support/stream-records";
import { alteredToken } from "../support/altered-token";
import { handler as drainQueue } from "../../packages/functions/src/jobs/mail-queue-drain";

const bus = installLocalBus();

async function signAndSettle(petitionId: string, body: ReturnType<typeof signer>) {
  const res = await call(sign, httpEvent({ method: "POST", pathParameters: { id: petitionId }, body, sourceIp: `10.9.${Math.floor(Math.random() * 250)}.1` }));
  await bus.idle();
  return res;
}

const mailTo = async (address: string) => (await listOutbox(settings().OUTBOX_DIR)).filter((m) => m.to.includes(address));

/**
 * The e-mails to `address` once at least `count` of those `keep` accepts were sent: the paced queue
 * is drained here too, as a busy machine can leave them to the nudged drainer's next round.
 */
async function mailsTo(address: string, count = 1, keep: (m: Awaited<ReturnType<typeof mailTo>>[number]) => boolean = () => true) {
  await expect
    .poll(
      async () => {
        await drainQueue();
        return (await mailTo(address)).filter(keep).length;
      },
      { timeout: 20_000, message: `${count} e-mail(s) to ${address}` },
    )
    .toBeGreaterThanOrEqual(count);
  return (await mailTo(address)).filter(keep);
}

describe("after a signature", () => {
  it("e-mails the administrators and the signer (share links, count, goal, progress)", async () => {
    const p = await newPetition(200);
    const person = signer("mail", { firstName: "D'Rosa" });
    expect((await signAndSettle(p.id, person)).statusCode).toBe(201);

    const [share] = await mailsTo(person.email);
    expect(share.subject).toMatch(/spread the word/i);
    expect(share.text).toContain(`/sign/${p.id}`);
    expect(share.text).toContain("1 of 200 signatures (0.50%)");
    expect(share.text).toMatch(/facebook\.com\/sharer/);
    expect(share.html).toContain("D&#39;Rosa");
    expect(share.html).not.toContain("D'Rosa");

    const [admin] = await mailsTo("admins@example.org", 1, (m) => m.text.includes(person.email));
    expect(admin?.subject).toBe('New signature on "Test petition"');
    expect(admin?.text).toContain("Signed at (EST):");
  });

  it("offers the newsletter in the thank-you e-mail only when the signer ticked the box; taking it subscribes them with the consent's time and source", async () => {
    const p = await newPetition();
    const yes = signer("nl-yes", { newsletterConsent: true });
    const no = signer("nl-no");
    await signAndSettle(p.id, yes);
    await signAndSettle(p.id, no);
    const get = (email: string) =>
      db().send(new GetCommand({ TableName: table(), Key: { pk: `NEWSLETTER#${email}`, sk: "SUBSCRIPTION" }, ConsistentRead: true }));
    // nothing is written for the consent until the signer takes the offer, and no e-mail of its own is sent
    expect((await get(yes.email)).Item).toBeUndefined();
    const [share] = await mailsTo(yes.email);
    expect(share.text).toContain("You asked to be kept updated about the campaign");
    expect((await mailTo(yes.email)).map((m) => m.subject)).toEqual([share.subject]);
    const [other] = await mailsTo(no.email);
    expect(other.text).not.toContain("/newsletter/confirmed");
    const token = decodeURIComponent(/\/newsletter\/confirmed\?token=(\S+)/.exec(share.text)![1]);
    expect(await call(confirmNewsletter, httpEvent({ method: "POST", body: { token }, sourceIp: "10.9.0.77" }))).toMatchObject({
      statusCode: 200,
      body: { status: "confirmed" },
    });
    const sub = (await get(yes.email)).Item;
    expect(sub).toMatchObject({ email: yes.email, status: "confirmed", name: "Firstnl-yes Lastnl-yes", source: `petition:${p.id}` });
    expect(Date.parse(sub!.consentAt)).not.toBeNaN();
    // the link again: already confirmed; a forged one: the newsletter's invalid-link answer
    expect((await call(confirmNewsletter, httpEvent({ method: "POST", body: { token }, sourceIp: "10.9.0.77" }))).body).toEqual({
      status: "already_confirmed",
    });
    expect((await call(confirmNewsletter, httpEvent({ method: "POST", body: { token: alteredToken(token) }, sourceIp: "10.9.0.77" }))).statusCode).toBe(400);
    expect((await get(no.email)).Item).toBeUndefined();
  });

  it("sends each e-mail once when the stream gives the same signature again", async () => {
    const p = await newPetition();
    const person = signer("dup");
    const res = await call(sign, httpEvent({ method: "POST", pathParameters: { id: p.id }, body: person, sourceIp: "10.77.0.1" }));
    await bus.idle();
    // a batch Lambda gives again (after an error, or a crash before it answered), with its record as it was
    const record = await signatureInsertRecord(p.id, res.body.signatureId);
    await signatureEffects({ Records: [record] });
    await signatureEffects({ Records: [record] });
    // the e-mails go out from the mail queue's drain, which the local bus's idle() waits for
    await bus.idle();
    await drainQueue();
    expect(await mailsTo(person.email, 1)).toHaveLength(1);
    expect(await mailsTo("admins@example.org", 1, (m) => m.text.includes(person.email))).toHaveLength(1);
  });

  it("still delivers a signature.created left in the outbox from before the stream, once per event", async () => {
    const p = await newPetition();
    const person = signer("legacy");
    // written as signing wrote it before the stream: its item causes nothing there
    await SignatureListing.importBatch(p.id, [
      {
        petitionId: p.id,
        client: "10.78.0.1",
        firstName: person.firstName,
        lastName: person.lastName,
        email: person.email,
        newsletterConsent: false,
        meta: Signature.metaDetails(fromHeaders({ "user-agent": "Mozilla/5.0 Chrome/126.0" }, "10.78.0.1"), person.client),
      },
    ]);
    const [row] = await oldest(p.id, 1);
    await bus.idle();
    expect(await mailTo(person.email)).toHaveLength(0);
    // the event as the outbox sweeper would republish it: its e-mails are keyed by it, so once
    const envelope = Bus.envelope(Signature.Events.Created.type, { petitionId: p.id, signatureId: row.id });
    await legacyEvent(envelope);
    await legacyEvent(envelope);
    await bus.idle();
    expect(await mailsTo(person.email, 1)).toHaveLength(1);
    expect(await mailsTo("admins@example.org", 1, (m) => m.text.includes(person.email))).toHaveLength(1);
  });

  it("keeps the signature and answers 201 when sending mail fails, and the mail queue retries until it works", async () => {
    const p = await newPetition();
    const person = signer("flaky");
    let failures = 0;
    const original = Mail.send;
    const spy = vi.spyOn(Mail, "send").mockImplementation(async (m) => {
      if (m.to.includes(person.email) && failures < 2) {
        failures++;
        throw new Error("SES is down");
      }
      return original(m);
    });
    try {
      const res = await signAndSettle(p.id, person);
      expect(res.statusCode).toBe(201);
      // what a nudge's drain left waiting for its next attempt, the scheduled drain sends
      await drainQueue();
      await drainQueue();
      expect(failures).toBe(2);
      expect(await mailTo(person.email)).toHaveLength(1);
    } finally {
      spy.mockRestore();
    }
  });

  it("rejects an event whose detail does not match the schema, and sends nothing", async () => {
    const before = (await listOutbox(settings().OUTBOX_DIR)).length;
    await expect(legacyEvent(Bus.envelope("signature.created", { petitionId: 5 }) as never)).rejects.toThrow(/Invalid input/);
    await expect(legacyEvent(Bus.envelope("signature.verified", { signatureId: "x" }) as never)).rejects.toThrow(/Invalid input/);
    expect((await listOutbox(settings().OUTBOX_DIR)).length).toBe(before);
  });
});
