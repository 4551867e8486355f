import { describe, expect, it } from "vitest";
import { foldCompany, foldPerson, identifiersOf, identifiersOfQuery, phoneE164, registrableDomain, type Identifier } from "../src/report/identifiers";
import type { Info } from "../src/report/info";

/** A report's scammer and contact methods with only what a test names. */
const report = (scammer: Partial<Info["scammer"]> = {}, contactMethods: Info["contactMethods"] = []) => ({
  scammer: { website: null, ...scammer } as Info["scammer"],
  contactMethods,
});
const keys = (ids: Identifier[]) => ids.map((i) => `${i.type}#${i.value}`);

describe("foldCompany", () => {
  it("reads the acceptance's spellings as one company", () => {
    expect(foldCompany("Exit Pros LLC")).toBe("exit pros");
    expect(foldCompany("EXIT PROS, L.L.C.")).toBe("exit pros");
    expect(foldCompany("  exit   pros  ")).toBe("exit pros");
    expect(foldCompany("The Exit Pros, Inc.")).toBe("exit pros");
  });

  it("drops accents, punctuation and every trailing legal form", () => {
    expect(foldCompany("Évasion Résidences S.A.")).toBe("evasion residences");
    expect(foldCompany("Resale & Pros <LLC>")).toBe("resale and pros");
    expect(foldCompany("Resale and Pros Co., Ltd.")).toBe("resale and pros");
    expect(foldCompany("Timeshare Exit Corp.")).toBe("timeshare exit");
    expect(foldCompany("O'Brien Holdings Pty Ltd")).toBe("obrien holdings");
    // a legal form inside the name stays
    expect(foldCompany("Co Op Travel Group")).toBe("co op travel group");
  });

  it("answers undefined for junk: nothing, punctuation, 'unknown', a legal form alone", () => {
    for (const junk of ["", "   ", "?", "-", "N/A", "n.a.", "Unknown", "UNKNOWN LLC", "not sure", "LLC", "Inc.", "x"])
      expect(foldCompany(junk), junk).toBeUndefined();
  });
});

describe("foldPerson", () => {
  it("folds case, accents, titles and suffixes, and needs two words", () => {
    expect(foldPerson("Mr. José  Álvarez Jr.")).toBe("jose alvarez");
    expect(foldPerson("JOSE ALVAREZ")).toBe("jose alvarez");
    expect(foldPerson("Dana O'Reilly")).toBe("dana oreilly");
    expect(foldPerson("Mike")).toBeUndefined();
    expect(foldPerson("Dr. Mike")).toBeUndefined();
    expect(foldPerson("unknown")).toBeUndefined();
    expect(foldPerson("")).toBeUndefined();
  });
});

describe("phoneE164", () => {
  it("reads the acceptance's spellings as one number (US by default)", () => {
    expect(phoneE164("(407) 555-0199")).toBe("+14075550199");
    expect(phoneE164("+1 407-555-0199")).toBe("+14075550199");
    expect(phoneE164("407.555.0199")).toBe("+14075550199");
    expect(phoneE164("1 407 555 0199")).toBe("+14075550199");
  });

  it("reads a number without + in the wizard's country code, and one with + in its own", () => {
    expect(phoneE164("(407) 555-0199", "+1")).toBe("+14075550199");
    expect(phoneE164("020 7946 0958", "+44")).toBe("+442079460958");
    expect(phoneE164("20 7946 0958", "GB")).toBe("+442079460958");
    expect(phoneE164("+1 407 555 0199", "+44")).toBe("+14075550199");
  });

  it("answers undefined for what cannot be a phone number", () => {
    for (const junk of ["", "555", "555-0199", "call me", "12345678901234567890", "abc-def-ghij", "+1 407"]) expect(phoneE164(junk), junk).toBeUndefined();
  });
});

describe("registrableDomain", () => {
  it("reads the acceptance's spellings as one domain, with the .example suffix the list does not know", () => {
    expect(registrableDomain("https://www.exitpros.example/claim")).toBe("exitpros.example");
    expect(registrableDomain("exitpros.example")).toBe("exitpros.example");
    expect(registrableDomain("HTTP://Claims.ExitPros.Example:8080/x?y=1")).toBe("exitpros.example");
    expect(registrableDomain("refunds@exitpros.example")).toBe("exitpros.example");
  });

  it("takes the Public Suffix List's registrable domain, private suffixes and international names included", () => {
    expect(registrableDomain("https://www.exitpros.co.uk/")).toBe("exitpros.co.uk");
    expect(registrableDomain("exit-pros.blogspot.com")).toBe("exit-pros.blogspot.com");
    expect(registrableDomain("https://bücher.example/")).toBe("xn--bcher-kva.example");
    expect(registrableDomain("xn--bcher-kva.example")).toBe("xn--bcher-kva.example");
  });

  it("leaves out web mail and platforms strangers share", () => {
    for (const shared of [
      "scammer@gmail.com",
      "x@Yahoo.com",
      "a@outlook.com",
      "b@hotmail.com",
      "c@aol.com",
      "d@icloud.com",
      "e@proton.me",
      "https://www.facebook.com/exitpros",
    ])
      expect(registrableDomain(shared), shared).toBeUndefined();
  });

  it("answers undefined for junk: no host, an IP address, a single label, another scheme", () => {
    for (const junk of ["", "not a website", "localhost", "http://192.168.1.1/", "ftp://exitpros.example", "javascript:alert(1)", "@", "..", "https://"])
      expect(registrableDomain(junk), junk).toBeUndefined();
  });
});

describe("identifiersOf", () => {
  it("reads the scammer's details and the contact methods, each identifier once, with the report's spelling shown", () => {
    const ids = identifiersOf(
      report(
        {
          name: "John Smith",
          company: "Exit Pros LLC",
          phone: "(407) 555-0199",
          email: "claims@exitpros.example",
          website: "https://www.exitpros.example/claim",
        },
        [
          { method: "phone", countryCode: "+1", phoneNumber: "+1 407-555-0199" },
          { method: "email", emailAddress: "exitpros.refunds@gmail.com" },
          { method: "social_media", platform: "Facebook", profile: "https://www.facebook.com/exitpros/" },
          { method: "in_person", location: "Orlando", eventType: "Owner update" },
        ],
      ),
    );
    expect(ids).toEqual([
      { type: "company", value: "exit pros", shown: "Exit Pros LLC" },
      { type: "person", value: "john smith", shown: "John Smith" },
      { type: "phone", value: "+14075550199", shown: "(407) 555-0199" },
      { type: "domain", value: "exitpros.example", shown: "https://www.exitpros.example/claim" },
      { type: "profile", value: "email:exitpros.refunds@gmail.com", shown: "exitpros.refunds@gmail.com" },
      { type: "profile", value: "facebook:exitpros", shown: "Facebook: https://www.facebook.com/exitpros/" },
    ]);
  });

  it("gives a profile one spelling: FB or Facebook, a link, @name or the name", () => {
    const profile = (platform: string, handle: string) => keys(identifiersOf(report({}, [{ method: "social_media", platform, profile: handle }])));
    for (const [platform, handle] of [
      ["Facebook", "exitpros"],
      ["FB", "@ExitPros"],
      ["facebook.com", "facebook.com/exitpros"],
      ["Facebook Messenger", "https://m.facebook.com/exitpros?ref=xyz"],
    ])
      expect(profile(platform, handle), `${platform} ${handle}`).toEqual(["profile#facebook:exitpros"]);
    expect(profile("LinkedIn", "https://www.linkedin.com/company/exit-pros/")).toEqual(["profile#linkedin:exit-pros"]);
    expect(profile("Twitter", "@exitpros")).toEqual(profile("X", "x.com/exitpros"));
    // a messaging app's profile that is a phone number is the phone
    expect(profile("WhatsApp", "+1 (407) 555-0199")).toEqual(["phone#+14075550199"]);
  });

  it("leaves out what identifies nobody: empty fields, junk, web mail's domain, a first name alone", () => {
    const ids = identifiersOf(
      report({ name: "Mike", company: "unknown", phone: "555", email: "not an address", website: null }, [
        { method: "email", emailAddress: "someone@@" },
        { method: "social_media", platform: "Facebook", profile: "?" },
      ]),
    );
    expect(ids).toEqual([]);
    expect(identifiersOf(report({ email: "mike@gmail.com" }))).toEqual([{ type: "profile", value: "email:mike@gmail.com", shown: "mike@gmail.com" }]);
    expect(identifiersOf({ scammer: { website: null } as Info["scammer"], contactMethods: [] })).toEqual([]);
  });

  it("stays small: a report full of details has at most a dozen identifiers (its transactions stay far under 100 items)", () => {
    const ids = identifiersOf(
      report({ name: "A B", company: "C", phone: "4075550100", email: "x@one.example", website: "two.example" }, [
        { method: "phone", countryCode: "+44", phoneNumber: "20 7946 0958" },
        { method: "email", emailAddress: "y@gmail.com" },
        { method: "social_media", platform: "WhatsApp", profile: "+1 407 555 0101" },
      ]),
    );
    expect(ids.length).toBeLessThanOrEqual(12);
  });
});

describe("identifiersOfQuery", () => {
  it("reads the lookup's query as each of company, phone and domain it can be", () => {
    expect(keys(identifiersOfQuery("407-555-0199"))).toEqual(["phone#+14075550199"]);
    expect(keys(identifiersOfQuery("EXIT PROS, L.L.C."))).toEqual(["company#exit pros"]);
    expect(keys(identifiersOfQuery("https://www.exitpros.example/claim"))).toEqual(["domain#exitpros.example"]);
    expect(keys(identifiersOfQuery("claims@exitpros.example"))).toEqual(["domain#exitpros.example"]);
    // a bare host may be a company's name too ("ExitPros.com LLC")
    expect(keys(identifiersOfQuery("exitpros.example"))).toEqual(["company#exitpros example", "domain#exitpros.example"]);
    expect(identifiersOfQuery(" (407) 555-0199 ")[0]).toEqual({ type: "phone", value: "+14075550199", shown: "(407) 555-0199" });
  });

  it("answers nothing for an empty, junk or overlong query", () => {
    expect(identifiersOfQuery("")).toEqual([]);
    expect(identifiersOfQuery("  ?? ")).toEqual([]);
    expect(identifiersOfQuery("x".repeat(301))).toEqual([]);
  });
});
