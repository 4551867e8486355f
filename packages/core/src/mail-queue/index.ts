export * as MailQueue from "./index";

import { errorAttributes, log } from "../log";
import { DELIVERY_LANES, type DeliveryName } from "./lanes";
import { putMany } from "./queue";
import * as Backlog from "./backlog";

export { pending } from "./queue";
export { LANES, LANE_PARTITIONS, type DeliveryName, type Lane } from "./lanes";
export { openDigests } from "./digests";

/**
 * The paced mail queue (docs/architecture.md "Mail in a surge"): the e-mails that signing causes
 * wait here and go out at the SES account's rate, links first, the administrators' notices gathered
 * into digests in a surge. Subscribers `enqueue` (one small write) and nudge the drain
 * (mail-drain/); a scheduled drain (every minute) takes over whatever a nudge left. This folder is
 * the queue's storage and knows no kind's content: what a kind sends is the drain's.
 */
export async function enqueue(kind: DeliveryName, eventId: string, ref: Record<string, string>): Promise<void> {
  await enqueueMany([{ kind, eventId, ref }]);
}

/** Many deliveries at once (a stream batch's e-mails), in BatchWrite calls; the confirmations among them counted into the backlog. */
export async function enqueueMany(deliveries: readonly { kind: DeliveryName; eventId: string; ref: Record<string, string> }[]): Promise<void> {
  const laned = deliveries.map((d) => ({ ...d, lane: DELIVERY_LANES[d.kind] }));
  await putMany(laned);
  const confirmations = laned.filter((d) => d.lane === "confirmations");
  // an estimate for signers: its failure loses no e-mail, so it does not fail the enqueue
  if (confirmations.length)
    await Backlog.queued(confirmations.length, `${confirmations[0].kind}#${confirmations[0].eventId}`).catch((err) =>
      log.warn("mail queue: the confirmations' backlog was not counted", errorAttributes(err)),
    );
}

export { current as confirmationWait, read as readBacklog, type Wait } from "./backlog";
