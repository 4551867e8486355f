import { updateIf } from "../db/conditional";
import { Keys } from "../db/keys";
import { submitOnce } from "../idempotency/submissions";
import { hashToken, newToken } from "../util/token";
import { complete, confirm } from "./erasure";
import type { EraseAnswer } from "./input";
import { emptyCounts } from "./records";
import { InvalidPrivacyLink } from "./requests";
import { readRequest, whileStatus } from "./requests-store";

/**
 * The link's confirm button once per idempotency key (docs/architecture.md "Faults"): the page
 * retries a confirmation whose answer it did not get (a 503, a lost connection) with the same key,
 * and by then the first attempt may have used the link's token up. The first attempt stores the
 * key with the request's id in its own transaction; a retry answers from the request as it now
 * stands instead of "link used". The key's scope holds the token's hash, so a key answers only
 * for the link it was sent with. Without a key, `confirm` as it is.
 */
export async function confirmOnce(token: string, opts: { key?: string; mailAgain?: boolean; jobAbove?: number } = {}): Promise<EraseAnswer> {
  const { key, ...confirmOpts } = opts;
  const scope = `privacy-erase#${hashToken(token)}`;
  let fresh: EraseAnswer | undefined;
  const stored = await submitOnce<Record<string, string>>(scope, key, async () => {
    fresh = await confirm(token, { ...confirmOpts, submission: key ? { scope, key } : undefined });
    return {};
  });
  return fresh ?? answerAgain(String(stored.requestId));
}

/**
 * A confirmed request's answer for a retry: its counts once erased (finishing an erasure the first
 * attempt left unfinished), or, while a job erases it, its progress with a fresh status token. The
 * first attempt's token never reached the page (it retried), so the request keeps only the new one.
 */
async function answerAgain(requestId: string): Promise<EraseAnswer> {
  const req = await readRequest(requestId);
  if (!req) throw new InvalidPrivacyLink();
  if (req.status === "confirmed" && req.statusTokenHash) {
    const secret = newToken();
    const confirmed = whileStatus("confirmed");
    const rotated = await updateIf({
      Key: Keys.privacyRequest(requestId),
      UpdateExpression: "SET statusTokenHash = :hash",
      ConditionExpression: confirmed.expression,
      ExpressionAttributeNames: confirmed.names,
      ExpressionAttributeValues: { ":hash": hashToken(secret), ...confirmed.values },
    });
    // (not rotated: the job finished meanwhile, and its counts are the answer)
    if (rotated) {
      const progress = { completed: req.progress?.completed ?? 0, total: req.progress?.total ?? 0 };
      return { status: "erasing", progress, statusToken: `${requestId}.${secret}` };
    }
  }
  return { erased: (await complete(requestId)) ?? emptyCounts() };
}
