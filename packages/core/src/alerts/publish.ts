import { GetCommand, TransactWriteCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { db, table } from "../db/client";
import { isConditionFailure } from "../db/conditional";
import { Keys } from "../db/keys";
import { transactWithRetries } from "../db/transact";
import type { ReportSummary } from "../report/public-summary";
import { VisibleError } from "../util/error";
import { parse } from "../util/zod";
import { identified } from "./identify";
import { PublishInput } from "./input";
import { slugCandidate, slugOf } from "./slug";
import { statsOf } from "./stats";
import { AlertNotFound, bySlug, identifierItem, itemOfAlert } from "./store";
import type { Alert, AlertStats } from "./types";

/** How many slugs a title may try ("-2" … "-20") before the administrator is asked for another title. */
const SLUG_TRIES = 20;

export class SlugsTaken extends VisibleError {
  constructor() {
    super(409, "alert.slug_taken", "Too many alerts have this title already. Please choose another title.");
  }
}

export interface PublishRequest {
  caseId: string;
  title: string;
  summary: string;
  /** the administrator's choices (`{type, shown}`): normalised here */
  identifiers: unknown;
  /** the case's members: the alert's figures are counted from the consenting ones */
  members: readonly ReportSummary[];
  /** the administrator's e-mail */
  by: string;
}

/** The slug of the case's alert, if it has one (read consistently). */
export async function slugOfCase(caseId: string): Promise<string | undefined> {
  const res = await db().send(new GetCommand({ TableName: table(), Key: Keys.scamAlertOfCase(caseId), ConsistentRead: true }));
  return res.Item ? String(res.Item.slug) : undefined;
}

/**
 * Publishes an alert for a case: its item, its identifiers' lookup items and the case's one-alert
 * guard in one transaction, under the first free slug of its title. A case has one alert: publishing
 * it again (a retry after a failure) answers the alert it has.
 */
export async function publish(request: PublishRequest): Promise<Alert> {
  const input = parse(PublishInput, { title: request.title, summary: request.summary, identifiers: request.identifiers });
  const identifiers = identified(input.identifiers);
  const existing = await slugOfCase(request.caseId);
  if (existing) return bySlug(existing, true);
  const at = new Date().toISOString();
  const base = slugOf(input.title);
  for (let n = 1; n <= SLUG_TRIES; n++) {
    const alert: Alert = {
      slug: slugCandidate(base, n),
      caseId: request.caseId,
      title: input.title,
      summary: input.summary,
      identifiers,
      published: true,
      publishedAt: at,
      createdAt: at,
      updatedAt: at,
      updatedBy: request.by,
      stats: statsOf(request.members),
      version: 1,
    };
    let clash: "slug" | "case" | undefined;
    const { written } = await transactWithRetries(
      () =>
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: table(), Item: itemOfAlert(alert), ConditionExpression: "attribute_not_exists(pk)" } },
            {
              Put: {
                TableName: table(),
                Item: { ...Keys.scamAlertOfCase(alert.caseId), type: "scamAlertOfCase", slug: alert.slug, createdAt: at },
                ConditionExpression: "attribute_not_exists(pk)",
              },
            },
            ...identifiers.map((i) => ({ Put: { TableName: table(), Item: identifierItem(alert.slug, i, at) } })),
          ],
        }),
      {
        onCancelled: (reasons) => {
          if (reasons[1] === "ConditionalCheckFailed") clash = "case";
          else if (reasons[0] === "ConditionalCheckFailed") clash = "slug";
          return clash ? "refused" : undefined;
        },
      },
    );
    if (written) return alert;
    if (clash === "case") {
      // another publish of the same case came first: that is its alert
      const slug = await slugOfCase(request.caseId);
      if (slug) return bySlug(slug, true);
    }
  }
  throw new SlugsTaken();
}

const sameStats = (a: AlertStats | undefined, b: AlertStats) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Recounts an alert's figures from its case's members (`Cases.recount` calls it on every change of the
 * case): the figures are rewritten whole, never added to or taken from, so an erased report leaves
 * them exactly. Nothing is written when they are the same. An unknown slug is an AlertNotFound.
 */
export async function refresh(slug: string, members: readonly ReportSummary[]): Promise<void> {
  const alert = await bySlug(slug, true);
  const stats = statsOf(members);
  if (sameStats(alert.stats, stats)) return;
  try {
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: Keys.scamAlert(slug),
        UpdateExpression: "SET stats = :stats, updatedAt = :at",
        ConditionExpression: "attribute_exists(pk)",
        ExpressionAttributeValues: { ":stats": stats, ":at": new Date().toISOString() },
      }),
    );
  } catch (err) {
    if (isConditionFailure(err)) throw new AlertNotFound();
    throw err;
  }
}

/** A case that has an alert already, or was merged into another: its alert is changed, not published again. */
export class CaseNotPublishable extends VisibleError {
  constructor(why: "has_alert" | "merged", detail: string) {
    super(
      409,
      `alert.case_${why}`,
      why === "has_alert" ? `This case already has a scam alert: ${detail}` : `This case was merged into ${detail}: publish that one`,
    );
  }
}
