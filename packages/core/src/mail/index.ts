export * as Mail from "./index";
export { sendToVisitor, mailboxOf, VISITOR_MAIL_WINDOW_SECONDS } from "./visitor";

import { SESClient, SendEmailCommand } from "@aws-sdk/client-ses";
import { settings } from "../config";
import { VisibleError } from "../util/error";
import { SERVICE_TIMEOUTS, sdkRequestHandler } from "../util/sdk-http";
import { writeToOutbox } from "./outbox";

export interface Message {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

let ses: SESClient | undefined;

/** The Mailer port: SES when deployed, the file outbox (.data/outbox) locally. */
export async function send(message: Message): Promise<void> {
  const s = settings();
  if (message.to.length === 0) return;
  if (s.MAIL_DRIVER === "outbox") {
    await writeToOutbox(s.OUTBOX_DIR, { from: s.MAIL_FROM, ...message });
    return;
  }
  ses ??= new SESClient({ region: s.AWS_REGION, requestHandler: sdkRequestHandler(SERVICE_TIMEOUTS) });
  await ses.send(
    new SendEmailCommand({
      Source: s.MAIL_FROM,
      Destination: { ToAddresses: message.to },
      Message: {
        Subject: { Data: message.subject, Charset: "UTF-8" },
        Body: { Text: { Data: message.text, Charset: "UTF-8" }, Html: { Data: message.html, Charset: "UTF-8" } },
      },
    }),
  );
}

/** The admin console's "Send Test Email": proves the mail path end to end. */
export async function sendTest(to: string): Promise<void> {
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(to)) {
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
