import { z } from "zod";
import { event } from "../bus";

const SignatureRef = z.object({ petitionId: z.string(), signatureId: z.string() });

/**
 * A signature's own events. Its creation and its confirmation are not events on the bus: the
 * signature item is, on the table's stream (signature/effects.ts), where one consumer does their
 * side effects a batch at a time. `signature.created` and `signature.verified` were published before;
 * an outbox item of theirs left from then is still delivered (events/signature-legacy-event.ts).
 */
export const Events = {
  /** Before the stream: a signature was stored (`pending` when it waits for its e-mail's confirmation). */
  Created: event("signature.created", SignatureRef.extend({ pending: z.boolean().optional() })),
  /** Before the stream: a pending signature was confirmed from its link and is now counted. */
  Verified: event("signature.verified", SignatureRef),
  /** Someone signed again with the mailbox of this (earlier) signature: it was answered as a first signature and counted nothing. */
  Repeated: event("signature.repeated", SignatureRef),
  /** A batch of the stream counted signatures: the spreadsheet's "Signatures" tab syncs (one per batch, coalesced). */
  SheetSyncDue: event("signature.sheet_sync_due", z.object({})),
};
