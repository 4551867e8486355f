import { TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { table } from "../db/client";
import { Keys } from "../db/keys";
import { transactWithRetries, type TransactItem } from "../db/transact";
import { VisibleError } from "../util/error";
import { parse } from "../util/zod";
import { identified, identifierKey } from "./identify";
import { UpdateInput } from "./input";
import { bySlug, identifierItem } from "./store";
import type { Alert } from "./types";

export class AlertChangedMeanwhile extends VisibleError {
  constructor() {
    super(409, "alert.changed", "This alert was changed by someone else meanwhile. Please reload it and try again.");
  }
}

/** What an update changed, in words for the audit trail ("title, published: yes → no"). */
export function describeChange(before: Alert, after: Alert): string {
  const changes: string[] = [];
  if (before.title !== after.title) changes.push(`title "${before.title}" → "${after.title}"`);
  if (before.summary !== after.summary) changes.push("summary");
  const ids = (a: Alert) => a.identifiers.map(identifierKey).sort().join(",");
  if (ids(before) !== ids(after)) changes.push(`identifiers ${after.identifiers.map((i) => i.shown).join(", ")}`);
  if (before.published !== after.published) changes.push(`published ${before.published ? "yes" : "no"} → ${after.published ? "yes" : "no"}`);
  return changes.join("; ") || "nothing";
}

/**
 * An administrator's change of an alert's title, summary, identifiers or publication, in one
 * transaction: the alert updated attribute by attribute (its figures, which `refresh` rewrites, are
 * never written here), conditional on the version read; the identifiers' lookup items added and
 * removed with it; the alert on the public list (gsi1) only while published. The slug never changes.
 */
export async function update(slug: string, body: unknown, by: string): Promise<{ before: Alert; alert: Alert }> {
  const input = parse(UpdateInput, body);
  const identifiers = input.identifiers && identified(input.identifiers);
  const before = await bySlug(slug, true);
  const at = new Date().toISOString();
  const alert: Alert = {
    ...before,
    ...(input.title !== undefined ? { title: input.title } : {}),
    ...(input.summary !== undefined ? { summary: input.summary } : {}),
    ...(identifiers ? { identifiers } : {}),
    ...(input.published !== undefined ? { published: input.published } : {}),
    updatedAt: at,
    updatedBy: by,
    version: before.version + 1,
  };
  const had = new Set(before.identifiers.map(identifierKey));
  const has = new Set(alert.identifiers.map(identifierKey));
  const items: TransactItem[] = [
    { Update: alertUpdate(alert, before.version) },
    ...alert.identifiers.filter((i) => !had.has(identifierKey(i))).map((i) => ({ Put: { TableName: table(), Item: identifierItem(slug, i, at) } })),
    ...before.identifiers
      .filter((i) => !has.has(identifierKey(i)))
      .map((i) => ({ Delete: { TableName: table(), Key: Keys.scamAlertIdentifier(i.type, i.value, slug) } })),
  ];
  await transactWithRetries(() => new TransactWriteCommand({ TransactItems: items }), {
    onCancelled: (reasons) => {
      if (reasons[0] === "ConditionalCheckFailed") throw new AlertChangedMeanwhile();
    },
  });
  return { before, alert };
}

function alertUpdate(alert: Alert, readVersion: number) {
  const listed = Keys.scamAlertPublishedList(alert.publishedAt, alert.slug);
  const set = [
    "title = :title",
    "summary = :summary",
    "identifiers = :identifiers",
    "published = :published",
    "updatedAt = :at",
    "updatedBy = :by",
    "version = :version",
    ...(alert.published ? ["gsi1pk = :gsi1pk", "gsi1sk = :gsi1sk"] : []),
  ];
  return {
    TableName: table(),
    Key: Keys.scamAlert(alert.slug),
    UpdateExpression: `SET ${set.join(", ")}${alert.published ? "" : " REMOVE gsi1pk, gsi1sk"}`,
    ConditionExpression: "version = :read",
    ExpressionAttributeValues: {
      ":title": alert.title,
      ":summary": alert.summary,
      ":identifiers": alert.identifiers,
      ":published": alert.published,
      ":at": alert.updatedAt,
      ":by": alert.updatedBy,
      ":version": alert.version,
      ":read": readVersion,
      ...(alert.published ? { ":gsi1pk": listed.gsi1pk, ":gsi1sk": listed.gsi1sk } : {}),
    },
  };
}
