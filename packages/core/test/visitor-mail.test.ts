import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { resetSettings } from "../src/config";
import { adminNotification, alreadySigned, confirmationRequest, signerShare, withdrawLinkEmail } from "../src/signature/emails";
import { build, type SignRequest } from "../src/signature";
import { mailboxOf } from "../src/mail";
import type { Info as Petition } from "../src/petition";
import { verifyWithdrawToken } from "../src/signature/withdraw-link";

// the e-mails about a signature carry its withdraw link, signed with the stage's secret
beforeAll(() => {
  vi.stubEnv("LINK_SIGNING_SECRET", "unit-test-link-signing-secret-0123456789");
  vi.stubEnv("SITE_URL", "https://owners.example.org");
  resetSettings();
});
afterAll(() => {
  vi.unstubAllEnvs();
  resetSettings();
});

const petition: Petition = {
  id: "reform",
  title: "Fair cancellation rights",
  story: "A story.",
  goal: 100,
  signatureCount: 7,
  pendingCount: 0,
  verifySignatures: false,
  milestones: [],
  createdAt: "2025-01-01T00:00:00.000Z",
};

/** Every field a visitor controls, each with a distinctive word. */
function visitorSignature() {
  const req: SignRequest = {
    petitionId: petition.id,
    client: "198.51.100.7",
    firstName: "Firstvisitorword",
    lastName: "Lastvisitorword",
    email: "mailvisitorword@example.com",
    timeshareName: "Timesharevisitorword",
    newsletterConsent: true,
    meta: {
      browser: "Browservisitorword",
      deviceType: "Desktop",
      screenResolution: "Screenvisitorword",
      userAgent: "Agentvisitorword",
      timezone: "Zonevisitorword",
      language: "Languagevisitorword",
      ipAddress: "198.51.100.7",
      city: "Cityvisitorword",
      region: "Regionvisitorword",
      country: "Countryvisitorword",
      latitude: "0",
      longitude: "0",
    },
  };
  return build(req);
}

describe("e-mail subjects", () => {
  it("hold no visitor text: fixed words and the administrator-written petition title", () => {
    const signature = visitorSignature();
    const admin = adminNotification(signature, petition);
    const share = signerShare(signature, petition);
    for (const subject of [admin.subject, share.subject]) expect(subject.toLowerCase()).not.toContain("visitorword");
    expect(admin.subject).toBe('New signature on "Fair cancellation rights"');
    // the bodies still tell the administrators who signed
    expect(admin.text).toContain("Firstvisitorword Lastvisitorword");
  });

  it("the administrators' notice carries no IP address and no place derived from it (N9): the console has them", () => {
    const admin = adminNotification(visitorSignature(), petition);
    for (const part of [admin.text, admin.html]) {
      expect(part).not.toContain("198.51.100.7");
      for (const word of ["Cityvisitorword", "Regionvisitorword", "Countryvisitorword"]) expect(part).not.toContain(word);
    }
  });
});

describe("every e-mail to a signer about their signature", () => {
  it.each([
    ["the confirmation request", (s: ReturnType<typeof visitorSignature>) => confirmationRequest(s, petition, "https://example.test/confirm")],
    ["the 'already signed' e-mail", (s: ReturnType<typeof visitorSignature>) => alreadySigned(s, petition)],
  ])("%s carries the link that withdraws exactly this signature, in the text and the HTML", (_, render) => {
    const signature = visitorSignature();
    const share = render(signature);
    const url = /Withdraw your signature: (\S+)/.exec(share.text)?.[1];
    expect(url).toBeDefined();
    const link = new URL(url!);
    expect(link.pathname).toBe(`/petitions/${petition.id}/withdraw`);
    expect(link.searchParams.get("s")).toBe(signature.id);
    expect(verifyWithdrawToken(petition.id, signature.id, link.searchParams.get("t")!)).toBe(true);
    expect(share.html).toContain(`href="${url!.replace(/&/g, "&amp;")}"`);
  });

  it("the share e-mail, which asks to be shared, carries the withdraw page without a token (review L3)", () => {
    const signature = visitorSignature();
    const share = signerShare(signature, petition);
    const url = /We can e-mail you a link to withdraw your signature: (\S+)/.exec(share.text)?.[1];
    expect(url).toBeDefined();
    const link = new URL(url!);
    expect(link.pathname).toBe(`/petitions/${petition.id}/withdraw`);
    expect([...link.searchParams.entries()]).toEqual([["s", signature.id]]);
    expect(share.text + share.html).not.toMatch(/[?&](amp;)?t=/);
  });

  it("the withdraw-link e-mail carries a working link, says how long it works and not to forward it", () => {
    const signature = visitorSignature();
    const mail = withdrawLinkEmail(signature, petition);
    const url = /^(https:\S+)$/m.exec(mail.text)?.[1];
    const link = new URL(url!);
    expect(verifyWithdrawToken(petition.id, signature.id, link.searchParams.get("t")!)).toBe(true);
    expect(mail.text).toContain("The link works for 90 days. Please do not forward this e-mail");
    expect(mail.html).toContain(`href="${url!.replace(/&/g, "&amp;")}"`);
  });
});

describe("the mailbox an address reaches", () => {
  it.each([
    ["Victim@Example.org", "victim@example.org"],
    [" victim+refund@example.org ", "victim@example.org"],
    ["v.i.c.t.i.m+x@gmail.com", "victim@gmail.com"],
    ["Victim@googlemail.com", "victim@gmail.com"],
    ["v.ictim@example.org", "v.ictim@example.org"],
  ])("%s → %s", (address, mailbox) => {
    expect(mailboxOf(address)).toBe(mailbox);
  });
});
