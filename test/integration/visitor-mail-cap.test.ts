import { afterEach, describe, expect, it, vi } from "vitest";
import { handler as sign } from "../../packages/functions/src/http/signature-create";
import { settings } from "@site/core/config";
import { Mail, VISITOR_MAIL_WINDOW_SECONDS } from "@site/core/mail";
import { listOutbox } from "@site/core/mail/outbox";
import { Petition } from "@site/core/petition";
import { call, httpEvent } from "../support/http";
import { newPetition, petitionItems, signer } from "../support/fixtures";
import { installLocalBus } from "../../scripts/local/bus";

const bus = installLocalBus();
const mailTo = async (address: string) => (await listOutbox(settings().OUTBOX_DIR)).filter((m) => m.to.includes(address));
const message = (to: string) => ({ to: [to], subject: "Thank you", text: "Thanks.", html: "<p>Thanks.</p>" });
const address = (tag: string) => `${tag}-${crypto.randomUUID().slice(0, 8)}@example.com`;

afterEach(() => vi.restoreAllMocks());

describe("one visitor-triggered e-mail of each kind per recipient per 24 h", () => {
  it("two signatures with one e-mail on two petitions: both count, one share e-mail, both admin notifications", async () => {
    const [a, b] = await Promise.all([newPetition(), newPetition()]);
    const person = signer("twice");
    for (const [i, p] of [a, b].entries()) {
      const res = await call(sign, httpEvent({ method: "POST", pathParameters: { id: p.id }, body: person, sourceIp: `10.61.0.${i + 1}` }));
      expect(res.statusCode).toBe(201);
      expect(res.body.signatureCount).toBe(1);
    }
    await bus.idle();

    expect(await mailTo(person.email)).toHaveLength(1);
    for (const p of [a, b]) {
      expect((await petitionItems(p.id)).signatures.map((s) => s.email)).toEqual([person.email]);
      expect(await Petition.count(p.id, true)).toBe(1);
    }
    const adminMails = (await mailTo("admins@example.org")).filter((m) => m.text.includes(person.email));
    expect(adminMails).toHaveLength(2);
  });

  it("lets a retry of the same delivery through, refuses another delivery, also to a +tag of the address", async () => {
    const to = address("cap");
    expect(await Mail.sendToVisitor(message(to), { key: "delivery-1", kind: "thanks" })).toBe("sent");
    expect(await Mail.sendToVisitor(message(to), { key: "delivery-1", kind: "thanks" })).toBe("sent");
    expect(await Mail.sendToVisitor(message(to), { key: "delivery-2", kind: "thanks" })).toBe("skipped");
    expect(await Mail.sendToVisitor(message(to.replace("@", "+again@").toUpperCase()), { key: "delivery-3", kind: "thanks" })).toBe("skipped");
    expect(await mailTo(to)).toHaveLength(2);
  });

  it("counts each kind of e-mail apart: a guide the same day as a report confirmation still arrives", async () => {
    const to = address("kinds");
    expect(await Mail.sendToVisitor(message(to), { key: "report-1", kind: "report-confirmation" })).toBe("sent");
    expect(await Mail.sendToVisitor(message(to), { key: "guide-1", kind: "guide:checklist" })).toBe("sent");
    expect(await Mail.sendToVisitor(message(to), { key: "guide-2", kind: "guide:before-you-sign" })).toBe("sent");
    expect(await Mail.sendToVisitor(message(to), { key: "guide-3", kind: "guide:checklist" })).toBe("skipped");
    expect(await mailTo(to)).toHaveLength(3);
  });

  it("a delivery that failed to send keeps its claim for its own retry only", async () => {
    const to = address("flaky");
    const original = Mail.send;
    let failures = 0;
    vi.spyOn(Mail, "send").mockImplementation(async (m) => {
      if (failures++ === 0) throw new Error("SES is down");
      return original(m);
    });
    await expect(Mail.sendToVisitor(message(to), { key: "retry-me", kind: "thanks" })).rejects.toThrow("SES is down");
    expect(await Mail.sendToVisitor(message(to), { key: "someone-else", kind: "thanks" })).toBe("skipped");
    expect(await Mail.sendToVisitor(message(to), { key: "retry-me", kind: "thanks" })).toBe("sent");
    expect(await mailTo(to)).toHaveLength(1);
  });

  it("allows the next e-mail once 24 h have passed, even before TTL removes the claim", async () => {
    const to = address("later");
    expect(await Mail.sendToVisitor(message(to), { key: "day-1", kind: "thanks" })).toBe("sent");
    const now = Date.now();
    vi.spyOn(Date, "now").mockReturnValue(now + (VISITOR_MAIL_WINDOW_SECONDS - 60) * 1000);
    expect(await Mail.sendToVisitor(message(to), { key: "day-1-again", kind: "thanks" })).toBe("skipped");
    vi.spyOn(Date, "now").mockReturnValue(now + (VISITOR_MAIL_WINDOW_SECONDS + 1) * 1000);
    expect(await Mail.sendToVisitor(message(to), { key: "day-2", kind: "thanks" })).toBe("sent");
    expect(await mailTo(to)).toHaveLength(2);
  });

  it("refuses a message with more than one recipient", async () => {
    await expect(Mail.sendToVisitor({ ...message("a@example.com"), to: ["a@example.com", "b@example.com"] }, { key: "k", kind: "thanks" })).rejects.toThrow(
      /exactly one recipient/,
    );
  });
});
