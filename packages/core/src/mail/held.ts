export * as HeldMail from "./held";

import { EffectInProgress, once } from "../idempotency";
import { MailDeferred } from "./budget";
import { DomainBrake } from "./domain-brake";
import { HeldStore } from "./held-store";
import { Mail } from "./index";

export type { HeldDomain } from "./held-store";
export const list = HeldStore.heldDomains;

/** Held e-mails sent or discarded per page of a call. */
const PAGE = 50;

export interface Progress {
  /** e-mails sent (release) or deleted (discard) by this call */
  done: number;
  /** still held: the console calls again until none is */
  remaining: number;
}

/**
 * An administrator allows the domain or network (its mail is never braked again) and its held e-mails go, each
 * once (`once`, keyed by the held item: two administrators releasing at once send nothing twice), in
 * pages until `deadline` (ms since the epoch); the rest wait for the next call.
 */
export async function release(domain: string, by: string, deadline = Date.now() + 10_000): Promise<Progress> {
  await DomainBrake.allow(domain, by);
  let done = 0;
  while (Date.now() < deadline) {
    const page = await HeldStore.heldOf(domain, PAGE);
    if (!page.length) break;
    for (const { key, message } of page) {
      if (Date.now() >= deadline) return finish(domain, done);
      try {
        await once("held-mail-release", `${key.pk}#${key.sk}`, () => Mail.send({ ...message, released: true }), { leaseMs: 60_000 });
      } catch (err) {
        // visitor mail is paused, or the day's mail is spent: the rest stays held for the next call
        if (err instanceof MailDeferred) return finish(domain, done);
        // another administrator's call is sending this one: it deletes it too
        if (err instanceof EffectInProgress) continue;
        throw err;
      }
      if (await HeldStore.removeHeld(key)) done++;
    }
  }
  return finish(domain, done);
}

/** An administrator discards what the domain's brake holds (the records that caused it stay). */
export async function discard(domain: string, deadline = Date.now() + 10_000): Promise<Progress> {
  let done = 0;
  while (Date.now() < deadline) {
    const page = await HeldStore.heldOf(domain, PAGE);
    if (!page.length) break;
    for (const { key } of page) if (await HeldStore.removeHeld(key)) done++;
  }
  return finish(domain, done);
}

async function finish(domain: string, done: number): Promise<Progress> {
  const remaining = await HeldStore.countHeld(domain);
  if (remaining === 0) await HeldStore.unlist(domain);
  return { done, remaining };
}
