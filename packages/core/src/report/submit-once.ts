import { answered, SubmittedMeanwhile } from "../idempotency/submissions";
import { SUBMISSION_SCOPE, submit, type CreateRequest } from "./index";

/**
 * The report route's submission: `submit`, or, for a retry of a submission that was stored (the page
 * sends its idempotency key again after a timeout or an error), the first attempt's answer, with
 * nothing stored twice and no evidence claimed again.
 */
export async function submitOnce(req: CreateRequest): Promise<{ reportId: string; reference: string }> {
  const earlier = req.idempotencyKey ? await answered(SUBMISSION_SCOPE, req.idempotencyKey) : undefined;
  if (earlier) return { reportId: earlier.reportId, reference: earlier.reference };
  try {
    const report = await submit(req);
    return { reportId: report.id, reference: report.reference };
  } catch (err) {
    const meanwhile = err instanceof SubmittedMeanwhile ? await answered(SUBMISSION_SCOPE, req.idempotencyKey!) : undefined;
    if (meanwhile) return { reportId: meanwhile.reportId, reference: meanwhile.reference };
    throw err;
  }
}
