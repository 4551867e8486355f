import { z } from "zod";
import { event } from "../../bus";
import { IssueId } from "./input";

export const Events = {
  /**
   * Send the next page of an issue's audience: the subscribers after `cursor` ("" for the start).
   * `run` names one start or resume of the send; an event of an earlier run, or for a cursor the
   * issue has moved past, does nothing.
   */
  Batch: event("newsletter.issue_batch", z.object({ issueId: IssueId, run: z.string().min(1).max(40), cursor: z.string().max(1000) })),
};
