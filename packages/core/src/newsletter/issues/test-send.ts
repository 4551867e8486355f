import { Mail } from "../../mail";
import { isEmailAddress } from "../../util/email";
import { VisibleError } from "../../util/error";
import { newsletterMessage, type Recipient } from "../list-mail";
import type { IssueContent, IssuePreview } from "./input";
import { renderIssue } from "./render";

/** A token no subscriber has: the footer's link of a preview or test shows how it looks, and unsubscribes no one. */
const NOBODY_TOKEN = "example-only-not-a-subscription";

/** The stand-in subscriber of a preview. */
export const PREVIEW_RECIPIENT: Recipient = { email: "subscriber@example.org", unsubscribeToken: NOBODY_TOKEN };

/** The e-mail as a subscriber gets it, footer included, for content not necessarily saved. */
export function preview(content: IssueContent): IssuePreview {
  const { subject, html, text } = newsletterMessage(PREVIEW_RECIPIENT, renderIssue(content));
  return { subject, html, text };
}

export const TEST_SUBJECT_PREFIX = "[Test] ";

/** Sends `content` to one administrator, as subscribers would get it (footer and List-Unsubscribe headers), its subject marked as a test. */
export async function sendTest(content: IssueContent, to: string): Promise<void> {
  if (!isEmailAddress(to)) {
    throw new VisibleError(400, "mail.no_address", "Failed to send test email: your account has no e-mail address");
  }
  const rendered = renderIssue(content);
  await Mail.send(newsletterMessage({ email: to, unsubscribeToken: NOBODY_TOKEN }, { ...rendered, subject: `${TEST_SUBJECT_PREFIX}${rendered.subject}` }));
}
