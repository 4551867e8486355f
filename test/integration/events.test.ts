import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { describe, expect, it, vi } from "vitest";
import { handler as sign } from "../../packages/functions/src/http/signature-create";
import { handler as notifyAdmin } from "../../packages/functions/src/events/signature-notify-admin";
import { handler as shareEmail } from "../../packages/functions/src/events/signature-share-email";
import { settings } from "@site/core/config";
import { db, table } from "@site/core/db/client";
import { Bus } from "@site/core/bus";
import { Mail } from "@site/core/mail";
import { listOutbox } from "@site/core/mail/outbox";
import { Signature } from "@site/core/signature";
import { call, httpEvent } from "../support/http";
import { newPetition, signer } from "../support/fixtures";
import { installLocalBus } from "../../scripts/local/bus";
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

  it("subscribes to the newsletter only when the signer ticked the box, with consent time and source", async () => {
    const p = await newPetition();
    const yes = signer("nl-yes", { newsletterConsent: true });
    const no = signer("nl-no");
    await signAndSettle(p.id, yes);
    await signAndSettle(p.id, no);
    const get = (email: string) => db().send(new GetCommand({ TableName: table(), Key: { pk: `NEWSLETTER#${email}`, sk: "SUBSCRIPTION" } }));
    const sub = (await get(yes.email)).Item;
    expect(sub).toMatchObject({ email: yes.email, name: "Firstnl-yes Lastnl-yes", source: `petition:${p.id}` });
    expect(Date.parse(sub!.consentAt)).not.toBeNaN();
    expect((await get(no.email)).Item).toBeUndefined();
  });

  it("sends each e-mail once when EventBridge delivers the same event twice", async () => {
    const p = await newPetition();
    const person = signer("dup");
    const res = await call(sign, httpEvent({ method: "POST", pathParameters: { id: p.id }, body: person, sourceIp: "10.77.0.1" }));
    await bus.idle();
    const envelope = Bus.envelope(Signature.Events.Created.type, { petitionId: p.id, signatureId: res.body.signatureId });
    await shareEmail(envelope);
    await shareEmail(envelope);
    await notifyAdmin(envelope);
    await notifyAdmin(envelope);
    // the e-mails go out from the mail queue's drain, which the local bus's idle() waits for
    await bus.idle();
    // one from the original delivery, one for the re-delivered envelope (a new event id), none for the duplicate
    expect(await mailsTo(person.email, 2)).toHaveLength(2);
    expect(await mailsTo("admins@example.org", 2, (m) => m.text.includes(person.email))).toHaveLength(2);
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
    await expect(shareEmail(Bus.envelope("signature.created", { petitionId: 5 }) as never)).rejects.toThrow(/Invalid input/);
    await expect(notifyAdmin(Bus.envelope("signature.created", { signatureId: "x" }) as never)).rejects.toThrow(/Invalid input/);
    expect((await listOutbox(settings().OUTBOX_DIR)).length).toBe(before);
  });
});
