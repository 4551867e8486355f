import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { postJson } from "./visitors";

/**
 * Signers who open their confirmation link as soon as it arrives: watches the stack's outbox for
 * confirmation e-mails (subject "Please confirm your signature") and posts each link's token to the
 * confirm route, as the page the link opens does when its signer presses the button. For the
 * benchmarks on a petition that verifies signatures.
 */
export interface Confirmer {
  /** links opened so far, and their answers */
  opened: () => number;
  statuses: Map<number, number>;
  /** ms from each e-mail's send (its outbox time) to the confirmation's answer */
  latencies: number[];
  stop(): Promise<void>;
}

const LINK = /\/petitions\/([^/\s"<>]+)\/confirm\?s=([0-9a-z]+)&(?:amp;)?t=([A-Za-z0-9_-]+)/;

export function openLinksAsTheyArrive(opts: { outboxDir: string; url: string; from: (i: number) => string; pollMs?: number }): Confirmer {
  const seen = new Set<string>();
  const statuses = new Map<number, number>();
  const latencies: number[] = [];
  let opened = 0;
  let stopped = false;
  let inFlight = Promise.resolve();
  const open = async (file: string) => {
    const mail = JSON.parse(await readFile(join(opts.outboxDir, file), "utf8")) as { subject: string; text: string; at: string };
    if (mail.subject !== "Please confirm your signature") return;
    const link = LINK.exec(mail.text);
    if (!link) return;
    const [, petitionId, signatureId, token] = link;
    const i = opened++;
    const res = await postJson(`${opts.url}/api/petitions/${petitionId}/signatures/${signatureId}/confirm`, JSON.stringify({ token }), opts.from(i));
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    latencies.push(Date.now() - Date.parse(mail.at));
  };
  const loop = async () => {
    while (!stopped) {
      const files = (await readdir(opts.outboxDir).catch(() => [] as string[])).filter((f) => f.endsWith(".json") && !seen.has(f)).sort();
      files.forEach((f) => seen.add(f));
      // a few at a time, as people open their mail
      for (let i = 0; i < files.length; i += 16) await Promise.all(files.slice(i, i + 16).map(open));
      if (!files.length) await new Promise((r) => setTimeout(r, opts.pollMs ?? 200));
    }
  };
  inFlight = loop();
  return {
    opened: () => opened,
    statuses,
    latencies,
    stop: async () => {
      stopped = true;
      await inFlight;
    },
  };
}
