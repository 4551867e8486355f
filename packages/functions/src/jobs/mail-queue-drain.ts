import { MailQueue } from "@site/core/mail-queue";
import { loadSecrets } from "../lib/secrets";

/** Scheduled every minute (timeout 60 s): drains the paced mail queue for 45 s, under its one lease. */
export const handler = async () => {
  await loadSecrets();
  return MailQueue.drain({ budgetMs: 45_000 });
};
