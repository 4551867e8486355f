import { GetCommand } from "@aws-sdk/lib-dynamodb";
import type { z } from "zod";
import { db, table } from "../db/client";
import { Keys } from "../db/keys";
import { Mailings } from "../mailing";
import { IssueContent } from "../newsletter/issues/input";
import { Petition, PetitionNotFound } from "../petition";
import { VisibleError } from "../util/error";
import { parse } from "../util/zod";
import { mailing, updateRef } from "./updates-mailing";

/** What an administrator sends as a petition's outcome: a subject and a Markdown body (the newsletter issue's rules). */
export const OutcomeInput = IssueContent;
export type OutcomeInput = z.input<typeof OutcomeInput>;

export class OutcomeAlreadySent extends VisibleError {
  constructor() {
    super(409, "petition.outcome_already_sent", "The outcome of this petition has already been sent to its signers");
  }
}

/** Sends the petition's outcome to its signers who asked, once: a second send is refused (409). */
export async function sendOutcome(petitionId: string, input: OutcomeInput, actor: string) {
  const content = parse(OutcomeInput, input);
  Petition.assertPossibleId(petitionId);
  const meta = await db().send(
    new GetCommand({ TableName: table(), Key: Keys.petition(petitionId), ProjectionExpression: "pk, deleting", ConsistentRead: true }),
  );
  if (!meta.Item || meta.Item.deleting) throw new PetitionNotFound();
  const send = await Mailings.create(
    mailing,
    updateRef(petitionId, "outcome"),
    { head: { type: "petitionUpdate", petitionId, kind: "outcome", subject: content.subject }, body: content.body },
    actor,
  );
  if (!send) throw new OutcomeAlreadySent();
  return send;
}
