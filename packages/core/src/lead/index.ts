export * as Lead from "./index";

import { personIndex } from "../db/person-index";
import { GetCommand, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { z } from "zod";
import { Bus, event } from "../bus";
import { settings } from "../config";
import { db, table } from "../db/client";
import { Keys } from "../db/keys";
import { transactWithRetries } from "../db/transact";
import { Outbox } from "../outbox";
import { RateLimit, TooManyAttempts, TooManyForMailbox } from "../ratelimit";
import type { MetaDetails } from "../request/meta-details";
import { normaliseEmail } from "../util/email";
import type { Info } from "./info";
import { NotFoundError } from "../util/error";
import { sortableId } from "../util/id";
import { newYorkDate, newYorkTime } from "../util/time";
import { LEAD_FORMS, isLeadForm, type LeadForm } from "./forms";
import { creationItems, removalItems } from "./index-item";
import type { LeadSubmission } from "./input";
import { keyTaken, submissionPut, submitOnce as once, SubmittedMeanwhile } from "../idempotency/submissions";

export { LEAD_FORMS, LEAD_FORM_INFO, isLeadForm, type LeadForm } from "./forms";
export { LeadInput, type LeadSubmission } from "./input";

/**
 * Free-guide submissions on the server: one entity for the four forms, its form an
 * attribute. A submission is written in one transaction with the client's rate-limit hit, its admin
 * index row, a count shard of its form and the outbox item of `lead.created`; the guide's e-mail,
 * the administrators' notice, the newsletter and the spreadsheet follow from that event. The pure
 * modules beside this one (forms, input, row) are what the browser imports; this one is the AWS side.
 */

export const Events = {
  Created: event("lead.created", z.object({ leadId: z.string(), form: z.enum(LEAD_FORMS) })),
};

/** One rate window per client over the four forms. */
export const RATE_SCOPE = "lead";

export type { Info } from "./info";

export class LeadNotFound extends NotFoundError {
  constructor() {
    super("lead.not_found", "Submission not found");
  }
}

export class UnknownForm extends NotFoundError {
  constructor() {
    super("lead.unknown_form", "Form not found");
  }
}

/** The form a path names, or a 404. */
export function formOf(value: string): LeadForm {
  if (!isLeadForm(value)) throw new UnknownForm();
  return value;
}

export interface CreateRequest {
  form: LeadForm;
  submission: LeadSubmission;
  /** who is submitting, for the per-client rate limit (the client IP, see rateLimitSubject) */
  client: string;
  meta: MetaDetails;
  /** The page's key for this submission, sent again with each retry of it (idempotency/submissions.ts). */
  idempotencyKey?: string;
}

export type CreatedEvent = ReturnType<typeof createdEvent>;

/** `lead.created` with its stable id: stored in the submission's transaction (outbox), then published. */
export const createdEvent = (lead: Pick<Info, "id" | "form">) => Outbox.record(Events.Created, { leadId: lead.id, form: lead.form });

/** The submission before it is written (pure). */
export function build(id: string, req: Omit<CreateRequest, "client">, now = new Date()): Info {
  return {
    id,
    form: req.form,
    fullName: req.submission.fullName,
    email: req.submission.email,
    newsletterConsent: req.submission.newsletterConsent,
    meta: req.meta,
    createdDate: newYorkDate(now),
    createdTime: newYorkTime(now),
    createdAt: now.toISOString(),
  };
}

/** The stored item: keys, the normalised e-mail the privacy lookups query, and the submission. */
export function leadItem(lead: Info) {
  return {
    ...Keys.lead(lead.id),
    ...Keys.leadList(lead.form, lead.createdAt, lead.id),
    ...personIndex(lead.email, "lead", Keys.lead(lead.id)),
    type: "lead",
    ...lead,
    emailNormalized: normaliseEmail(lead.email),
  };
}

/** The submission of a stored item. */
export function leadOfItem(item: Record<string, unknown>): Info {
  const { pk: _pk, sk: _sk, gsi1pk: _gsi1pk, gsi1sk: _gsi1sk, gsi3pk: _gsi3pk, gsi3sk: _gsi3sk, type: _type, emailNormalized: _email, ...lead } = item;
  return lead as unknown as Info;
}

/** Positions of the rate-limit hits in the transaction's cancellation reasons. */
const RATE_AT = 0;
const MAILBOX_AT = 1;

/** The submission's transaction: the client's rate-limit hit, its mailbox's daily count, the submission, its index row and count, the outbox item. */
export function transaction(lead: Info, client: string, event: CreatedEvent = createdEvent(lead), idempotencyKey?: string) {
  return new TransactWriteCommand({
    TransactItems: [
      { Update: RateLimit.hit(RATE_SCOPE, client, settings().LEAD_RATE_LIMIT_PER_MINUTE) },
      { Update: RateLimit.mailboxHit(lead.email) },
      { Put: { TableName: table(), Item: leadItem(lead), ConditionExpression: "attribute_not_exists(pk)" } },
      ...creationItems(lead),
      Outbox.put(event),
      // last: its cancellation reason is the last one
      ...(idempotencyKey ? [submissionPut(SUBMISSION_SCOPE, idempotencyKey, { id: lead.id })] : []),
    ],
  });
}

/** The scope of a guide request's submission keys (idempotency/submissions.ts). */
export const SUBMISSION_SCOPE = "lead";

/** Only this client's own concurrent submissions contend for its rate window: a burst is refused as such. */
const RATE_CONFLICTS_BEFORE_REFUSING = 3;

/** Stores a submission in one transaction; a conflict on a count shard is retried on another. */
export async function create(req: CreateRequest, now = new Date()): Promise<{ lead: Info; event: CreatedEvent }> {
  const lead = build(sortableId(now.getTime()), req, now);
  const event = createdEvent(lead);
  let rateConflicts = 0;
  await transactWithRetries(() => transaction(lead, req.client, event, req.idempotencyKey), {
    onCancelled: (reasons) => {
      if (keyTaken(req.idempotencyKey, reasons)) throw new SubmittedMeanwhile(SUBMISSION_SCOPE);
      if (reasons[RATE_AT] === "ConditionalCheckFailed") throw new TooManyAttempts();
      if (reasons[RATE_AT] === "TransactionConflict" && ++rateConflicts >= RATE_CONFLICTS_BEFORE_REFUSING) throw new TooManyAttempts();
      if (reasons[MAILBOX_AT] === "ConditionalCheckFailed") throw new TooManyForMailbox();
    },
  });
  return { lead, event };
}

/**
 * A visitor's submission: stored (`create`), then `lead.created` published, whose subscribers send the
 * guide and the rest (the outbox item stored with it carries the event should this process die first).
 */
export async function submit(req: CreateRequest): Promise<Info> {
  const { lead, event } = await create(req);
  await Bus.publish(Events.Created, event.detail, event.id);
  return lead;
}

/** The guide route's submission: `submit`, or a retry's first answer (idempotency/submissions.ts). */
export const submitOnce = (req: CreateRequest): Promise<{ id: string }> =>
  once(SUBMISSION_SCOPE, req.idempotencyKey, async () => ({ id: (await submit(req)).id }));

/** Submission ids are sortable ids (util/id.ts). */
const LEAD_ID_PATTERN = /^[0-9a-z]{21}$/;
export const isPossibleId = (id: string) => LEAD_ID_PATTERN.test(id);

/** The submission, or undefined when there is none with this id (of this form, when one is given). */
export async function find(id: string, form?: LeadForm): Promise<Info | undefined> {
  if (!isPossibleId(id)) return undefined;
  const res = await db().send(new GetCommand({ TableName: table(), Key: Keys.lead(id), ConsistentRead: true }));
  const lead = res.Item ? leadOfItem(res.Item) : undefined;
  return lead && (form === undefined || lead.form === form) ? lead : undefined;
}

export async function fromID(id: string, form?: LeadForm): Promise<Info> {
  const lead = await find(id, form);
  if (!lead) throw new LeadNotFound();
  return lead;
}

/**
 * Deletes a submission in one transaction: the submission (which must still exist, and be of this
 * form, so two concurrent removals count once), its index row and -1 on its form's count.
 * False when there was none (or another caller removed it first).
 */
export async function remove(lead: Pick<Info, "id" | "form">): Promise<boolean> {
  const { written } = await transactWithRetries(
    () =>
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: table(),
              Key: Keys.lead(lead.id),
              ConditionExpression: "attribute_exists(pk) AND #form = :form",
              ExpressionAttributeNames: { "#form": "form" },
              ExpressionAttributeValues: { ":form": lead.form },
            },
          },
          ...removalItems(lead),
        ],
      }),
    { onCancelled: (reasons) => (reasons[0] === "ConditionalCheckFailed" ? "refused" : undefined) },
  );
  return written;
}
