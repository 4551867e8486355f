import { MailQueue } from "@site/core/mail-queue";
import { Privacy } from "@site/core/privacy";
import { loadSecrets } from "../lib/secrets";

/**
 * Scheduled every minute (timeout 60 s): drains the paced mail queue for 45 s, under its one lease,
 * then sends the privacy links that could not go when they were asked for (Privacy.sendOrKeep).
 */
export const handler = async () => {
  await loadSecrets();
  const drained = await MailQueue.drain({ budgetMs: 45_000 });
  const privacyLinks = await Privacy.sendDueLinks(Date.now() + 10_000);
  return { ...drained, privacyLinks };
};
