import { describe, expect, it } from "vitest";
import { adminNotification, signerShare } from "../src/signature/emails";
import { build, type SignRequest } from "../src/signature";
import { mailboxOf } from "../src/mail";
import type { Info as Petition } from "../src/petition";

const petition: Petition = {
  id: "reform",
  title: "Fair cancellation rights",
  story: "A story.",
  goal: 100,
  signatureCount: 7,
  pendingCount: 0,
  verifySignatures: false,
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
