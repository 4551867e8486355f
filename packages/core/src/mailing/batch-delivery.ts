import { Mail, MailDeferred, type Message } from "../mail";
import { pool } from "../util/pool";
import type { Addressee } from "./definition";
import * as Deliveries from "./deliveries";
import { pacer } from "../util/pacing";

export interface BatchOutcome {
  /** deliveries claimed for the first time: new recipients of the mailing */
  claimed: number;
  /** explicit failures of an earlier run claimed again */
  retried: number;
  sent: number;
  failed: number;
  /** Index of the first addressee not done (failed, or not tried after a failure); undefined when all are. */
  firstUndone?: number;
  /** Why the first failed e-mail failed, as the mailer said it. */
  failure?: string;
  /** The mail budget had no slot (the newsletter's share of the day used, or mail people wait for first): go on then. */
  deferred?: MailDeferred;
}

export interface DeliveryOptions {
  /** this process's pace (each send also takes its slot of the account's budget in Mail.send) */
  perSecond: number;
  /** e-mails (with their claims) in flight at once */
  inFlight: number;
}

const describe = (err: unknown) => (err instanceof Error ? err.message : String(err)).replace(/\s+/g, " ").slice(0, 300);

/** Where a batch's deliveries are claimed (`Mailing.deliveries`) and how each addressee's e-mail is made. */
export interface BatchMail<A extends Addressee> {
  deliveries: string;
  message(to: A): Message;
}

/**
 * Sends each addressee their e-mail, paced: claim, send, record the outcome. The first e-mail the
 * mailer refuses stops the batch (those in flight finish); the caller pauses the send there. An
 * e-mail the mail budget defers stops it too, its claim given back: the caller goes on later. Any
 * other error (the table) is thrown once nothing is in flight any more.
 */
export async function deliverAll<A extends Addressee>(mail: BatchMail<A>, addressees: A[], opts: DeliveryOptions): Promise<BatchOutcome> {
  const partition = mail.deliveries;
  const outcome: BatchOutcome = { claimed: 0, retried: 0, sent: 0, failed: 0 };
  const done = addressees.map(() => false);
  const slot = pacer(opts.perSecond);
  let stop = false;
  let unexpected: unknown;

  await pool(addressees, opts.inFlight, async (to, i) => {
    if (stop) return;
    try {
      const claim = await Deliveries.claim(partition, to.emailNormalized);
      if (claim === "taken") {
        done[i] = true;
        return;
      }
      if (claim === "new") outcome.claimed++;
      else outcome.retried++;
      await slot();
      try {
        // through the namespace, so tests that replace Mail.send see this call too
        await Mail.send(mail.message(to));
      } catch (err) {
        stop = true;
        if (err instanceof MailDeferred) {
          outcome.deferred ??= err;
          if (claim === "new") outcome.claimed--;
          else outcome.retried--;
          await Deliveries.release(partition, to.emailNormalized, claim);
          return;
        }
        outcome.failed++;
        outcome.failure ??= describe(err);
        await Deliveries.markFailed(partition, to.emailNormalized, describe(err));
        return;
      }
      await Deliveries.markSent(partition, to.emailNormalized);
      outcome.sent++;
      done[i] = true;
    } catch (err) {
      unexpected ??= err;
      stop = true;
    }
  });
  if (unexpected) throw unexpected;
  const firstUndone = done.indexOf(false);
  return firstUndone === -1 ? outcome : { ...outcome, firstUndone };
}
