import { z } from "zod";
import { event } from "../bus";
import { Keys } from "../db/keys";
import type { Mailing, MailingRef } from "../mailing/definition";
import { renderIssue } from "../newsletter/issues/render";
import { Petition } from "../petition";
import * as Audience from "./updates-audience";
import { updateMessage } from "./updates-mail";

export const UpdateId = z.string().regex(/^(milestone-[1-9][0-9]{0,9}|outcome)$/, "Update not found");

export const Events = {
  /** Send the next page of an update's audience (the petition-update-batch subscriber). */
  Batch: event(
    "petition.update_batch",
    z.object({ petitionId: z.string().regex(Petition.ID_PATTERN), updateId: UpdateId, run: z.string().min(1).max(40), cursor: z.string().max(200) }),
  ),
};

export const updateRef = (petitionId: string, updateId: string): MailingRef => ({ id: updateId, petitionId });
const petitionOf = (r: MailingRef) => r.petitionId as string;

/** A petition's updates as a mailing (mailing/), sent as a newsletter issue is. */
export const mailing: Mailing<Audience.Signer, typeof Events.Batch.schema> = {
  mailKind: "petition-update",
  jobKind: "petition.update",
  head: (r) => Keys.petitionUpdate(petitionOf(r), r.id),
  body: (r) => Keys.petitionUpdateBody(petitionOf(r), r.id),
  deliveries: (r) => Keys.petitionUpdateDeliveries(petitionOf(r), r.id),
  batch: {
    event: Events.Batch,
    detail: (r, run, cursor) => ({ petitionId: petitionOf(r), updateId: r.id, run, cursor }),
    ref: (detail) => updateRef(detail.petitionId, detail.updateId),
  },
  audience: {
    count: (r, until) => Audience.count(petitionOf(r), until),
    page: (r, opts) => Audience.page(petitionOf(r), opts),
  },
  // rendered from Markdown as a newsletter issue is
  render: renderIssue,
  message: (r, to, rendered) => updateMessage(petitionOf(r), to, rendered),
  audit: { started: "petition.update_send_started", resumed: "petition.update_resumed", sent: "petition.update_sent" },
};
