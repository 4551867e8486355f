import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SESv2Client } from "@aws-sdk/client-sesv2";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetSettings } from "../src/config";
import { Mail } from "../src/mail";
import { listOutbox } from "../src/mail/outbox";

// The suppression list lives in DynamoDB (integration tests prove it, mail-feedback.test.ts): here nobody is suppressed.
vi.mock("../src/suppression", () => ({ Suppression: { suppressedAmong: async () => new Set<string>() } }));
// … and the sending budget too (mail-budget.test.ts): here every send has its slot.
vi.mock("../src/mail/budget", async (original) => ({ ...(await original<typeof import("../src/mail/budget")>()), take: async () => {} }));
// … and the feedback breaker's state (mail-breaker.test.ts): here it is closed.
vi.mock("../src/mail/breaker", async (original) => ({ ...(await original<typeof import("../src/mail/breaker")>()), holds: async () => false }));
// … and the domain brake's count (domain-brake.test.ts): here every domain is under its allowance.
vi.mock("../src/mail/domain-brake", async (original) => ({ ...(await original<typeof import("../src/mail/domain-brake")>()), admit: async () => undefined }));

/** Extra header fields (RFC 8058's List-Unsubscribe pair on newsletter e-mails) through both mailers. */
const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  resetSettings();
  vi.restoreAllMocks();
});

const UNSUBSCRIBE = { "List-Unsubscribe": "<https://example.org/api/newsletter/unsubscribe?t=abc>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
const message = (headers?: Record<string, string>) => ({ to: ["reader@example.com"], subject: "Issue 1", text: "Hello", html: "<p>Hello</p>", headers });

describe("a message's extra headers", () => {
  it("are refused when they could add a field or replace one the mailer sets", () => {
    expect(() => Mail.checkedHeaders({ "List-Unsubscribe": "<https://x>\r\nBcc: victim@example.com" })).toThrow(/line break/);
    expect(() => Mail.checkedHeaders({ "Bad:Name": "x" })).toThrow(/not allowed/);
    expect(() => Mail.checkedHeaders({ "Bad Name": "x" })).toThrow(/not allowed/);
    for (const reserved of ["From", "to", "BCC", "Subject", "Message-ID", "Content-Type"])
      expect(() => Mail.checkedHeaders({ [reserved]: "x" })).toThrow(/not allowed/);
    expect(Mail.checkedHeaders(UNSUBSCRIBE)).toEqual([
      { name: "List-Unsubscribe", value: UNSUBSCRIBE["List-Unsubscribe"] },
      { name: "List-Unsubscribe-Post", value: "List-Unsubscribe=One-Click" },
    ]);
  });

  it("are kept by the local outbox with the message", async () => {
    const dir = await mkdtemp(join(tmpdir(), "outbox-"));
    Object.assign(process.env, { MAIL_DRIVER: "outbox", OUTBOX_DIR: dir });
    resetSettings();
    await Mail.send(message(UNSUBSCRIBE));
    await Mail.send(message());
    // (two messages of the same millisecond list in either order)
    const messages = await listOutbox(dir);
    expect(messages).toHaveLength(2);
    const withHeaders = messages.filter((m) => "headers" in m);
    expect(withHeaders).toHaveLength(1);
    expect(withHeaders[0]).toMatchObject({ subject: "Issue 1", headers: UNSUBSCRIBE });
  });

  it("go to SES as the simple message's headers", async () => {
    Object.assign(process.env, { MAIL_DRIVER: "ses", MAIL_FROM: "news@example.org", AWS_REGION: "us-east-1", MAIL_CONFIGURATION_SET: "prod-mail" });
    resetSettings();
    const sent: unknown[] = [];
    // eslint-disable-next-line @typescript-eslint/no-misused-promises -- the SDK's send is typed with its callback overload last; this mock is the promise one
    vi.spyOn(SESv2Client.prototype, "send").mockImplementation(async (command: { input: unknown }) => void sent.push(command.input));
    await Mail.send({ ...message(UNSUBSCRIBE), kind: "newsletter-issue", tags: { issue: "0abc" } });
    expect(sent).toEqual([
      {
        FromEmailAddress: "news@example.org",
        Destination: { ToAddresses: ["reader@example.com"] },
        // SES's events for it come back through the configuration set, tagged with its kind and issue
        ConfigurationSetName: "prod-mail",
        EmailTags: [
          { Name: "issue", Value: "0abc" },
          { Name: "kind", Value: "newsletter-issue" },
        ],
        Content: {
          Simple: {
            Subject: { Data: "Issue 1", Charset: "UTF-8" },
            Body: { Text: { Data: "Hello", Charset: "UTF-8" }, Html: { Data: "<p>Hello</p>", Charset: "UTF-8" } },
            Headers: [
              { Name: "List-Unsubscribe", Value: UNSUBSCRIBE["List-Unsubscribe"] },
              { Name: "List-Unsubscribe-Post", Value: "List-Unsubscribe=One-Click" },
            ],
          },
        },
      },
    ]);
  });

  it("go with the stage's configuration set, and the privacy link with its own (no SES account-level suppression)", async () => {
    Object.assign(process.env, {
      MAIL_DRIVER: "ses",
      MAIL_FROM: "news@example.org",
      AWS_REGION: "us-east-1",
      MAIL_CONFIGURATION_SET: "prod-mail",
      MAIL_PRIVACY_CONFIGURATION_SET: "prod-privacy-mail",
    });
    resetSettings();
    const sent: { ConfigurationSetName?: string }[] = [];
    vi.spyOn(SESv2Client.prototype, "send").mockImplementation(
      // eslint-disable-next-line @typescript-eslint/no-misused-promises -- the SDK's send is typed with its callback overload last; this mock is the promise one
      async (command: { input: unknown }) => void sent.push(command.input as { ConfigurationSetName?: string }),
    );
    await Mail.send({ ...message(), kind: "privacy-link" });
    await Mail.send({ ...message(), kind: "signature-confirmation" });
    expect(sent.map((input) => input.ConfigurationSetName)).toEqual(["prod-privacy-mail", "prod-mail"]);
  });
});
