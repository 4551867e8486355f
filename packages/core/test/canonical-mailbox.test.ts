import { describe, expect, it } from "vitest";
import { canonicalMailbox, normaliseEmail } from "../src/util/email";

describe("canonicalMailbox folds the spellings a provider delivers to one mailbox", () => {
  it.each([
    ["Name.Surname+x@Gmail.com", "namesurname@gmail.com"],
    ["n.a.m.e@googlemail.com", "name@gmail.com"],
    ["  NameSurname@GMAIL.COM ", "namesurname@gmail.com"],
    ["ann+news@outlook.com", "ann@outlook.com"],
    ["Ann+a+b@Hotmail.com", "ann@hotmail.com"],
    ["ann+x@live.com", "ann@live.com"],
    ["ann+x@icloud.com", "ann@icloud.com"],
    ["ann+x@me.com", "ann@me.com"],
    ["ann+x@fastmail.com", "ann@fastmail.com"],
    ["ann+x@proton.me", "ann@proton.me"],
    ["ann+x@protonmail.com", "ann@protonmail.com"],
  ])("%s → %s", (address, mailbox) => {
    expect(canonicalMailbox(address)).toBe(mailbox);
  });

  it.each([
    // dots matter outside Gmail, and so may tags: a.b@ and ab@ can be two people
    ["a.b+x@example.org", "a.b+x@example.org"],
    ["A.B@Outlook.com", "a.b@outlook.com"],
    ["a.b@icloud.com", "a.b@icloud.com"],
  ])("leaves what other providers may tell apart: %s → %s", (address, mailbox) => {
    expect(canonicalMailbox(address)).toBe(mailbox);
  });

  it("keeps a local part that is only a tag rather than emptying it", () => {
    expect(canonicalMailbox("+x@gmail.com")).toBe("+x@gmail.com");
  });

  it("leaves normaliseEmail as lower-case and trim only", () => {
    expect(normaliseEmail(" Name.Surname+x@Gmail.com ")).toBe("name.surname+x@gmail.com");
  });
});
