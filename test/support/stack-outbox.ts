import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { expect } from "vitest";

/**
 * The e-mails the local stack under test has sent (its outbox directory, one JSON file per e-mail),
 * for browser tests that follow a link from an e-mail.
 */
export interface SentMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

export function stackOutbox(outboxDir: string) {
  async function all(): Promise<SentMail[]> {
    const files = await readdir(outboxDir).catch(() => [] as string[]);
    return Promise.all(files.filter((f) => f.endsWith(".json")).map(async (f) => JSON.parse(await readFile(join(outboxDir, f), "utf8")) as SentMail));
  }

  /** Every e-mail to `address` (with `subject`, when given). */
  const mailsTo = async (address: string, subject?: string) =>
    (await all()).filter((m) => m.to.includes(address) && (subject === undefined || m.subject === subject));

  /** The first e-mail to `address` (with `subject`), waiting up to 15 s for it. */
  async function mailTo(address: string, subject?: string): Promise<SentMail> {
    await expect
      .poll(async () => (await mailsTo(address, subject)).length, { timeout: 15_000, message: `an e-mail${subject ? ` "${subject}"` : ""} to ${address}` })
      .toBeGreaterThan(0);
    return (await mailsTo(address, subject))[0];
  }

  return { all, mailsTo, mailTo };
}

/** The path and query of the e-mail's `<path>?token=…` link, to open on the stack under test (SITE_URL may name another host). */
export function linkIn(mail: Pick<SentMail, "text">, path: string): string {
  const match = new RegExp(`https?://[^\\s"<>]+${path.replace(/\//g, "\\/")}\\?token=[A-Za-z0-9_.%-]+`).exec(mail.text);
  expect(match, mail.text).not.toBeNull();
  const url = new URL(match![0]);
  return `${url.pathname}${url.search}`;
}
