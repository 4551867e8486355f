import { NoticeDigest } from "@site/core/mail/notice-digest";
import { MailDrain } from "@site/core/mail-drain";
import { Privacy } from "@site/core/privacy";
import { loadSecrets } from "../lib/secrets";

/**
 * Scheduled every minute (timeout 60 s): drains the paced mail queue for 45 s, under its one lease,
 * then sends the privacy links that could not go when they were asked for (Privacy.sendOrKeep) and
 * the digests of the hours whose report and guide notices passed their allowance (NoticeDigest).
 */
export const handler = async () => {
  await loadSecrets();
  const drained = await MailDrain.drain({ budgetMs: 45_000 });
  const privacyLinks = await Privacy.sendDueLinks(Date.now() + 10_000);
  const noticeDigests = await NoticeDigest.sendDue();
  return { ...drained, privacyLinks, noticeDigests };
};
