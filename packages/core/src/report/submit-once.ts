import { submitOnce as once } from "../idempotency/submissions";
import { SUBMISSION_SCOPE, submit, type CreateRequest } from "./index";

/**
 * The report route's submission: `submit`, or, for a retry of a submission that was stored (the page
 * sends its idempotency key again after a timeout or an error), the first attempt's answer, with
 * nothing stored twice and no evidence claimed again.
 */
export const submitOnce = (req: CreateRequest): Promise<{ reportId: string; reference: string }> =>
  once(SUBMISSION_SCOPE, req.idempotencyKey, async () => {
    const report = await submit(req);
    return { reportId: report.id, reference: report.reference };
  });
