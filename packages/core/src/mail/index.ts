export * as Mail from "./index";
export { sendToVisitor, mailboxOf, VISITOR_MAIL_WINDOW_SECONDS } from "./visitor";

import { SESv2Client, SendEmailCommand } from "@aws-sdk/client-sesv2";
import { settings } from "../config";
import { isEmailAddress } from "../util/email";
import { VisibleError } from "../util/error";
import { SERVICE_TIMEOUTS, sdkRequestHandler } from "../util/sdk-http";
import { writeToOutbox } from "./outbox";

export interface Message {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /**
   * Extra header fields, e.g. `List-Unsubscribe` and `List-Unsubscribe-Post` (RFC 8058) on
   * newsletter e-mails. Names are checked: no line breaks, and none of the fields SES sets itself.
   */
  headers?: Record<string, string>;
}

/** Fields the mailer sets itself (SES refuses or overrides them): a message may not carry its own. */
const RESERVED_HEADERS = new Set(["from", "to", "cc", "bcc", "subject", "date", "message-id", "mime-version", "content-type", "content-transfer-encoding", "return-path"]);

/** The message's extra headers, refused if one could inject another field or replace one the mailer owns. */
export function checkedHeaders(headers: Record<string, string> = {}): { name: string; value: string }[] {
  return Object.entries(headers).map(([name, value]) => {
    if (!/^[!-9;-~]+$/.test(name) || RESERVED_HEADERS.has(name.toLowerCase())) throw new Error(`header name not allowed: ${JSON.stringify(name)}`);
    if (/[\r\n]/.test(value)) throw new Error(`header ${name} has a line break`);
    return { name, value };
  });
}

let ses: SESv2Client | undefined;

/** The Mailer port: SES (API v2, which carries extra headers) when deployed, the file outbox (.data/outbox) locally. */
export async function send(message: Message): Promise<void> {
  const s = settings();
  if (message.to.length === 0) return;
  const headers = checkedHeaders(message.headers);
  if (s.MAIL_DRIVER === "outbox") {
    const { headers: _headers, ...rest } = message;
    await writeToOutbox(s.OUTBOX_DIR, { from: s.MAIL_FROM, ...rest, ...(headers.length ? { headers: Object.fromEntries(headers.map((h) => [h.name, h.value])) } : {}) });
    return;
  }
  ses ??= new SESv2Client({ region: s.AWS_REGION, requestHandler: sdkRequestHandler(SERVICE_TIMEOUTS) });
  await ses.send(
    new SendEmailCommand({
      FromEmailAddress: s.MAIL_FROM,
      Destination: { ToAddresses: message.to },
      Content: {
        Simple: {
          Subject: { Data: message.subject, Charset: "UTF-8" },
          Body: { Text: { Data: message.text, Charset: "UTF-8" }, Html: { Data: message.html, Charset: "UTF-8" } },
          ...(headers.length ? { Headers: headers.map((h) => ({ Name: h.name, Value: h.value })) } : {}),
        },
      },
    }),
  );
}

/** The admin console's "Send Test Email": proves the mail path end to end. */
export async function sendTest(to: string): Promise<void> {
  if (!isEmailAddress(to)) {
    throw new VisibleError(400, "mail.no_address", "Failed to send test email: your account has no e-mail address");
  }
  const at = new Date().toISOString();
  await send({
    to: [to],
    subject: "Test Email Notification",
    text: `This is a test e-mail from the petition site's admin console, sent ${at}. If you can read it, e-mail works.`,
    html: `<p>This is a test e-mail from the petition site's admin console, sent ${escapeHtml(at)}.</p><p>If you can read it, e-mail works.</p>`,
  });
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
