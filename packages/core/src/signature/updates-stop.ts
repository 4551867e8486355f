import { z } from "zod";
import { updateIf } from "../db/conditional";
import { Keys } from "../db/keys";
import { VisibleError } from "../util/error";
import { assertPossibleId } from "./index";
import { WANTS_UPDATES_ATTRIBUTE, indexKey } from "./index-item";
import { UpdatesToken, verifyUpdatesToken } from "./updates-link";

/** Leaving a petition's updates (the e-mails' link and one-click header). */

export const StopInput = z.object({ token: UpdatesToken }, { error: "Send the link's token as {token}" });
export type StopInput = z.output<typeof StopInput>;

export class InvalidUpdatesLink extends VisibleError {
  constructor() {
    super(403, "signature.updates_link_invalid", "This unsubscribe link is not valid. Please open the link from your e-mail again.");
  }
}

/**
 * Stops this petition's updates for this signature: `wantsUpdates` false on the signature (what the
 * audience reads again), then the `u` mark off its index row (so later sends skip it without a
 * read). A wrong token is refused (403) with nothing read or written. A signature already
 * unsubscribed, or gone (withdrawn, deleted), answers `already_unsubscribed`: it gets no updates
 * either way. Nothing else changes: the newsletter and other petitions' updates are separate.
 */
export async function stop(petitionId: string, signatureId: string, token: string): Promise<"unsubscribed" | "already_unsubscribed"> {
  if (!verifyUpdatesToken(petitionId, signatureId, token)) throw new InvalidUpdatesLink();
  assertPossibleId(petitionId, signatureId);
  const stopped = await updateIf({
    Key: Keys.signature(petitionId, signatureId),
    UpdateExpression: "SET wantsUpdates = :no, updatesStoppedAt = :at",
    ConditionExpression: "attribute_exists(pk) AND wantsUpdates = :yes",
    ExpressionAttributeValues: { ":no": false, ":yes": true, ":at": new Date().toISOString() },
  });
  if (!stopped) return "already_unsubscribed";
  await updateIf({
    Key: indexKey(petitionId, signatureId),
    UpdateExpression: "REMOVE #u",
    ConditionExpression: "attribute_exists(pk)",
    ExpressionAttributeNames: { "#u": WANTS_UPDATES_ATTRIBUTE },
  });
  return "unsubscribed";
}
