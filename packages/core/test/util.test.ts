import { describe, expect, it } from "vitest";
import { z } from "zod";
import { newYorkDate, newYorkTime } from "../src/util/time";
import { sortableId } from "../src/util/id";
import { fieldErrors, fn } from "../src/util/zod";
import { ValidationError } from "../src/util/error";
import { escapeHtml } from "../src/mail";
import { progressPercent } from "../src/signature/emails";
import { SignInput } from "../src/signature";

describe("New York time", () => {
  it("formats dates as MM/DD/YYYY and times as 24-hour in America/New_York, across DST", () => {
    // 03:30 UTC on 1 Jan is 22:30 the previous evening in New York (EST, UTC-5)
    expect(newYorkDate(new Date("2026-01-01T03:30:00Z"))).toBe("12/31/2025");
    expect(newYorkTime(new Date("2026-01-01T03:30:00Z"))).toBe("22:30:00");
    // in July New York is on EDT, UTC-4
    expect(newYorkTime(new Date("2026-07-04T16:05:09Z"))).toBe("12:05:09");
    expect(newYorkTime(new Date("2026-07-04T04:00:00Z"))).toBe("00:00:00");
  });
});

describe("sortable ids", () => {
  it("sort by creation time and do not collide", () => {
    const a = sortableId(1_700_000_000_000);
    const b = sortableId(1_700_000_000_001);
    expect(a < b).toBe(true);
    const many = new Set(Array.from({ length: 5000 }, () => sortableId(1)));
    expect(many.size).toBe(5000);
  });
});

describe("zod helpers", () => {
  it("fn parses its input and keeps the schema", () => {
    const double = fn(z.object({ n: z.number() }), ({ n }) => n * 2);
    expect(double({ n: 2 })).toBe(4);
    expect(double.schema).toBeInstanceOf(z.ZodObject);
    expect(() => double({ n: "x" } as never)).toThrow(ValidationError);
  });

  it("fieldErrors keeps the first message per field path", () => {
    const result = z.object({ a: z.string().min(2, "too short").regex(/x/, "no x"), b: z.object({ c: z.number() }) }).safeParse({ a: "", b: {} });
    expect(result.success).toBe(false);
    const fields = fieldErrors(result.error!);
    expect(fields.a).toBe("too short");
    expect(Object.keys(fields)).toEqual(["a", "b.c"]);
  });
});

describe("sign input", () => {
  it("trims names and e-mail and defaults the newsletter consent to false", () => {
    const parsed = SignInput.parse({ firstName: " Ann ", lastName: "Lee ", email: " ann@example.com " });
    expect(parsed).toMatchObject({ firstName: "Ann", lastName: "Lee", email: "ann@example.com", newsletterConsent: false });
  });

  it("uses the spec's e-mail message", () => {
    const r = SignInput.safeParse({ firstName: "A", lastName: "B", email: "a@" });
    expect(r.success).toBe(false);
    expect(fieldErrors(r.error!)).toEqual({ email: "Please enter a valid email address." });
  });

  it("checks the timeshare's name like every free text: one line, no control or bidi characters", () => {
    const sign = (timeshareName: string) => SignInput.safeParse({ firstName: "A", lastName: "B", email: "a@example.com", timeshareName });
    expect(sign("  Sunset Shores – Tower 2 ")).toMatchObject({ success: true, data: { timeshareName: "Sunset Shores – Tower 2" } });
    for (const bad of ["Sunset\nShores", "Sunset\rBcc: x@example.com", "Sunset \u202Eserohs", "Sunset \u2066x\u2069", "Sunset\u0000"]) {
      const r = sign(bad);
      expect(r.success, JSON.stringify(bad)).toBe(false);
      expect(fieldErrors(r.error!)).toEqual({ timeshareName: "Timeshare name contains characters that are not allowed" });
    }
    expect(fieldErrors(sign("x".repeat(201)).error!)).toEqual({ timeshareName: "Timeshare name is too long" });
  });
});

describe("e-mail helpers", () => {
  it("escapes HTML", () => expect(escapeHtml(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;"));
  it("shows progress with two decimals and falls back to a goal of 2000", () => {
    expect(progressPercent(1, 3)).toBe("33.33");
    expect(progressPercent(50, 0)).toBe("2.50");
  });
});
