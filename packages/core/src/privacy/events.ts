import { z } from "zod";
import { event } from "../bus";

/** Privacy events carry a request id (never an address); subscribers read the rest. */
export const Events = {
  /**
   * A person confirmed an erasure: recorded with the confirmation. The privacy-erasure subscriber
   * runs an erasure too large for the request (a job), finishes one cut short (a crash, a timeout;
   * the outbox sweeper publishes it again when the request's own process could not), and a run that
   * reaches its time budget records another one to continue.
   */
  ErasureConfirmed: event("privacy.erasure_confirmed", z.object({ requestId: z.string().min(1) })),
  /**
   * An erasure finished: the spreadsheet tabs that held the person's rows (their ids, privacy/kinds.ts)
   * are rewritten without them. Events recorded before the tabs had ids name them by kind instead.
   */
  Erased: event(
    "privacy.erased",
    z.object({
      requestId: z.string().min(1),
      tabs: z.array(z.string()).default([]),
      signatures: z.boolean().optional(),
      reports: z.boolean().optional(),
      leadForms: z.array(z.string()).optional(),
    }),
  ),
};
