import type { z } from "zod";
import type { Bus } from "../bus";
import type { Message } from "../mail";
import type { Action } from "../audit";
import type { HeadItem } from "./summary";

/**
 * What one kind of mailing tells the sending machinery (this folder: start.ts, batch.ts,
 * batch-delivery.ts, deliveries.ts): where its head and body are, who its audience is, page by page,
 * and how one recipient's e-mail is made. Two kinds exist: newsletter issues (every confirmed
 * subscriber, newsletter/issues/newsletter-mailing.ts) and a petition's updates (its signers who
 * asked, signature/updates.ts). The machinery is the same for both: a head that moves draft →
 * sending → sent (paused on a failure), batches through the bus at the newsletter's pace, one claimed
 * delivery per recipient.
 */

/** One recipient of a page of an audience. */
export interface Addressee {
  email: string;
  /** Deliveries are keyed by its hash: once per address per mailing. */
  emailNormalized: string;
  /** Its place in the audience: a cursor after it starts with the next one. */
  position: string;
}

export interface AudiencePage<A extends Addressee = Addressee> {
  /** Every position the page covered, in order (with those left out, where the audience knows them). */
  positions: string[];
  addressees: A[];
  /** The cursor after the whole page (where the next page starts). */
  next: string;
  /** False when the page reached the end of the audience. */
  more: boolean;
}

/** Names one mailing of a kind: its id, and for a petition's updates the petition. */
export interface MailingRef {
  id: string;
  petitionId?: string;
}

/** A mailing's subject and Markdown body as e-mail parts, before each recipient's own. */
export type Rendered = Pick<Message, "subject" | "html" | "text">;

export interface Mailing<A extends Addressee = Addressee, S extends z.ZodType = z.ZodType> {
  /** the e-mails' `kind` (mail/budget.ts: both kinds are bulk mail) */
  mailKind: string;
  /** the job kind of a run's progress */
  jobKind: string;
  head(ref: MailingRef): { pk: string; sk: string };
  /** its head read consistently, where the kind knows its ids (else a read of `head` that must find it) */
  readHead?(ref: MailingRef): Promise<HeadItem>;
  body(ref: MailingRef): { pk: string; sk: string };
  /** the partition of its deliveries (deliveries.ts) */
  deliveries(ref: MailingRef): string;
  /** the batch event: its definition, its detail for a run at a cursor, and the mailing it names */
  batch: {
    event: Bus.EventDefinition<S>;
    detail(ref: MailingRef, run: string, cursor: string): z.input<S>;
    ref(detail: z.output<S>): MailingRef;
  };
  audience: {
    /** recipients before `until` (the head's startedAt), for the progress bar */
    count(ref: MailingRef, until: string): Promise<number>;
    page(ref: MailingRef, opts: { until: string; after: string; limit: number }): Promise<AudiencePage<A>>;
  };
  /** the subject and Markdown body as e-mail parts (the newsletter's renderer, for both kinds) */
  render(content: { subject: string; body: string }): Rendered;
  /** one recipient's e-mail, from the rendered subject and body */
  message(ref: MailingRef, to: A, rendered: Rendered): Message;
  /** tags of each e-mail beyond its kind (the newsletter's `issue`, which SES's feedback counts) */
  tags?(ref: MailingRef): Record<string, string>;
  audit: { started: Action; resumed: Action; sent: Action };
}
