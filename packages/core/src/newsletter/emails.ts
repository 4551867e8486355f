import { settings } from "../config";
import { escapeHtml, type Message } from "../mail";
import type { Subscriber } from "./subscriber";

/**
 * The newsletter's e-mails to a subscriber: the confirmation link (double opt-in) and the welcome
 * (the spec's template 17, parameters NAME and EMAIL). What the visitor typed (their name) is escaped
 * in the HTML and never goes into a subject line.
 */

const siteUrl = () => settings().SITE_URL.replace(/\/$/, "");

export const confirmationUrl = (token: string) => `${siteUrl()}/newsletter/confirmed?token=${encodeURIComponent(token)}`;

const greeting = (name: string) => (name.trim() ? `Dear ${name.trim()},` : "Hello,");

export function confirmationEmail(sub: Pick<Subscriber, "name">, token: string): Omit<Message, "to"> {
  const link = confirmationUrl(token);
  const text = [
    greeting(sub.name),
    "",
    "Please confirm that you want to receive our scam alerts and tips by e-mail:",
    "",
    link,
    "",
    "The link works for 7 days. If you did not ask for our newsletter, ignore this e-mail: without confirmation you will receive nothing more from us.",
  ].join("\n");
  const html = [
    `<p>${escapeHtml(greeting(sub.name))}</p>`,
    "<p>Please confirm that you want to receive our scam alerts and tips by e-mail.</p>",
    `<p><a href="${escapeHtml(link)}">Confirm my subscription</a></p>`,
    "<p>The link works for 7 days. If you did not ask for our newsletter, ignore this e-mail: without confirmation you will receive nothing more from us.</p>",
  ].join("\n");
  return { subject: "Please confirm your newsletter subscription", text, html };
}

/** Template 17: NAME and EMAIL. */
export function welcomeEmail(sub: Pick<Subscriber, "name" | "email">): Omit<Message, "to"> {
  const text = [
    greeting(sub.name),
    "",
    `Welcome to our newsletter. Scam alerts and tips to protect timeshare owners and their families will come to ${sub.email}.`,
    "",
    "Never pay anyone upfront to get out of a timeshare, and take your time before you sign anything.",
  ].join("\n");
  const html = [
    `<p>${escapeHtml(greeting(sub.name))}</p>`,
    `<p>Welcome to our newsletter. Scam alerts and tips to protect timeshare owners and their families will come to <strong>${escapeHtml(sub.email)}</strong>.</p>`,
    "<p>Never pay anyone upfront to get out of a timeshare, and take your time before you sign anything.</p>",
  ].join("\n");
  return { subject: "Welcome to our newsletter", text, html };
}
