import type { MailingRef } from "./definition";

/** One batch event of a mailing: which one, its run and its cursor. */
export type Batch = { ref: MailingRef; run: string; cursor: string };

/** The batch's condition: the mailing is still being sent by this run, from this cursor. */
export const current = (batch: Batch) => ({
  ConditionExpression: "#status = :sending AND #run = :run AND #cursor = :cursor",
  names: { "#status": "status", "#cursor": "cursor", "#run": "run" },
  values: { ":sending": "sending", ":run": batch.run, ":cursor": batch.cursor },
});
