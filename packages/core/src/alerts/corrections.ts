import { QueryCommand } from "@aws-sdk/lib-dynamodb";
import { settings } from "../config";
import { SEPARATOR } from "../collection/orders";
import { db, table } from "../db/client";
import { orderAttribute, orderIndex } from "../db/indexes";
import { SubmittedMeanwhile, submissionPut, submitOnce } from "../idempotency/submissions";
import { INDEX_BUCKETS, Keys } from "../db/keys";
import { RateLimit, TooManyAttempts, TooManyForMailbox } from "../ratelimit";
import { parse } from "../util/zod";
import { CORRECTION_ALERT_SLOT, correctionKind } from "./corrections-kind";
import { CORRECTION_CAPTCHA_ACTION, CorrectionInput } from "./input";
import { publishedBySlug } from "./store";

/** One rate window per client for correction requests (the report form's limit: both are rare, careful writes). */
export const CORRECTION_RATE_SCOPE = "alert-correction";

export type Correction = NonNullable<Awaited<ReturnType<typeof correctionKind.find>>>;

/** The correction form's submissions by idempotency key (idempotency/submissions.ts). */
const SUBMISSION_SCOPE = "alert-correction";

/**
 * A company's correction request for a published alert: the captcha and the client's rate window
 * first (RateLimit.admitForm), then the request in one transaction with the client's window and its
 * mailbox's day (as a guide request: at most MAILBOX_RECORDS_PER_DAY a day). An unknown or
 * unpublished alert is a 404. With the page's idempotency `key`, stored in the same transaction, a
 * retry of a request already stored answers its id and stores nothing more.
 */
export async function requestCorrection(slug: string, body: unknown, ipAddress: string, key?: string): Promise<{ id: string }> {
  const input = parse(CorrectionInput, body);
  const alert = await publishedBySlug(slug);
  return submitOnce(SUBMISSION_SCOPE, key, async () => ({ id: (await store(alert.slug, input, ipAddress, key)).id }));
}

async function store(alertSlug: string, input: CorrectionInput, ipAddress: string, key: string | undefined): Promise<Correction> {
  const perMinute = settings().REPORT_RATE_LIMIT_PER_MINUTE;
  const client = await RateLimit.admitForm({
    scope: CORRECTION_RATE_SCOPE,
    perMinute,
    ipAddress,
    captchaToken: input.captchaToken,
    captchaAction: CORRECTION_CAPTCHA_ACTION,
    clientWindow: "transaction",
  });
  return correctionKind.create(
    { alertSlug, company: input.company, fullName: input.fullName, email: input.email, message: input.message },
    {
      // the key's answer names the record only (idempotency/submissions.ts)
      also: ({ id }) => [
        { Update: RateLimit.hit(CORRECTION_RATE_SCOPE, client, perMinute) },
        { Update: RateLimit.mailboxHit(input.email) },
        ...(key ? [submissionPut(SUBMISSION_SCOPE, key, { id })] : []),
      ],
      onCancelled: (reasons) => {
        if (reasons[0] === "ConditionalCheckFailed") throw new TooManyAttempts();
        if (reasons[1] === "ConditionalCheckFailed") throw new TooManyForMailbox();
        if (key && reasons[2] === "ConditionalCheckFailed") throw new SubmittedMeanwhile(SUBMISSION_SCOPE);
      },
    },
  );
}

/**
 * The correction requests of one alert, newest first: the kind's index rows whose alert order starts
 * with the slug (one Query of the order's index per bucket), each request then read by id. An erased
 * request is gone with its row.
 */
export async function correctionsOf(slug: string): Promise<Correction[]> {
  const slot = CORRECTION_ALERT_SLOT;
  const buckets = Array.from({ length: INDEX_BUCKETS }, (_, b) => b);
  const ids = (
    await Promise.all(
      buckets.map(async (b) => {
        const res = await db().send(
          new QueryCommand({
            TableName: table(),
            IndexName: orderIndex(slot),
            KeyConditionExpression: "pk = :pk AND begins_with(#o, :prefix)",
            ExpressionAttributeNames: { "#o": orderAttribute(slot) },
            ExpressionAttributeValues: { ":pk": Keys.kindIndexPartition(correctionKind.name, b), ":prefix": `${slug}${SEPARATOR}` },
          }),
        );
        return (res.Items ?? []).map((item) => String(item.sk));
      }),
    )
  ).flat();
  const found = await Promise.all(ids.map((id) => correctionKind.find(id)));
  return found.flatMap((c) => (c ? [c] : [])).sort((a, b) => (a.id < b.id ? 1 : -1));
}
