import { GetCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import { settings } from "../config";
import { getMany } from "../db/batch";
import { db, table } from "../db/client";
import { Keys } from "../db/keys";
import { NotFoundError, ValidationError } from "../util/error";
import { isSlug } from "./slug";
import { alertPath, type Alert, type PublicAlert } from "./types";

/**
 * Alerts in the table (docs/data-model.md "Scam alerts"): one item per alert (`ALERT#<slug>`), its
 * identifiers' lookup items (`ALERTID#<type>#<value>` / `<slug>`), the published ones listed on gsi1
 * (sparse) and all of them on gsi2, newest first.
 */

export const ALERT_TYPE = "scamAlert";
export const ALERT_IDENTIFIER_TYPE = "scamAlertIdentifier";

export class AlertNotFound extends NotFoundError {
  constructor() {
    super("alert.not_found", "Scam alert not found");
  }
}

/** The table attributes that are keys and machinery, not the alert. */
const MACHINERY = new Set(["pk", "sk", "type", "gsi1pk", "gsi1sk", "gsi2pk", "gsi2sk"]);

export const alertOfItem = (item: Record<string, unknown>): Alert =>
  Object.fromEntries(Object.entries(item).filter(([k]) => !MACHINERY.has(k))) as unknown as Alert;

/** The whole item of an alert: its keys, its lists (gsi1 only while published) and itself. */
export const itemOfAlert = (alert: Alert) => ({
  ...Keys.scamAlert(alert.slug),
  type: ALERT_TYPE,
  ...(alert.published ? Keys.scamAlertPublishedList(alert.publishedAt, alert.slug) : {}),
  ...Keys.scamAlertAllList(alert.createdAt, alert.slug),
  ...alert,
});

export const identifierItem = (slug: string, identifier: { type: string; value: string }, at: string) => ({
  ...Keys.scamAlertIdentifier(identifier.type, identifier.value, slug),
  type: ALERT_IDENTIFIER_TYPE,
  slug,
  createdAt: at,
});

/** What the public sees of an alert: no case, no normalised keys, no one's words but the administrator's. */
export function publicOf(alert: Alert): PublicAlert {
  return {
    slug: alert.slug,
    title: alert.title,
    summary: alert.summary,
    identifiers: alert.identifiers.map(({ type, shown }) => ({ type, shown })),
    stats: alert.stats,
    publishedAt: alert.publishedAt,
    updatedAt: alert.updatedAt,
    url: `${settings().SITE_URL.replace(/\/$/, "")}${alertPath(alert.slug)}`,
  };
}

/** The alert at `slug`, or undefined (a slug that cannot be one is not read). */
export async function find(slug: string, consistent = false): Promise<Alert | undefined> {
  if (!isSlug(slug)) return undefined;
  const res = await db().send(new GetCommand({ TableName: table(), Key: Keys.scamAlert(slug), ConsistentRead: consistent }));
  return res.Item ? alertOfItem(res.Item) : undefined;
}

export async function bySlug(slug: string, consistent = false): Promise<Alert> {
  const alert = await find(slug, consistent);
  if (!alert) throw new AlertNotFound();
  return alert;
}

/** The alerts of these slugs that exist, in the order given (one BatchGet, eventually consistent). */
export async function manyBySlug(slugs: readonly string[]): Promise<Alert[]> {
  if (!slugs.length) return [];
  const items = await getMany(slugs.map((slug) => Keys.scamAlert(slug)));
  const bySlug = new Map(items.map((item) => [String(item.slug), alertOfItem(item)]));
  return slugs.flatMap((slug) => bySlug.get(slug) ?? []);
}

/** A page cursor: the last list key shown, opaque to callers. */
const encodeCursor = (sk: string) => Buffer.from(JSON.stringify({ sk }), "utf8").toString("base64url");
function decodeCursor(cursor: string): string {
  try {
    const { sk } = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as { sk?: unknown };
    if (typeof sk === "string" && sk.length <= 200 && sk.includes("#")) return sk;
  } catch {
    // answered below
  }
  throw new ValidationError({ cursor: "Unknown cursor" });
}

/**
 * A page of a list (gsi1: the published alerts; gsi2: all), newest first, after `cursor`. Each list is
 * one partition of small items: a page is one Query.
 */
export async function listPage(list: "published" | "all", limit: number, cursor?: string): Promise<{ alerts: Alert[]; next: string | null }> {
  const [index, pk, sk, partition] =
    list === "published" ? ["gsi1", "gsi1pk", "gsi1sk", Keys.scamAlertPublishedPartition] : ["gsi2", "gsi2pk", "gsi2sk", Keys.scamAlertAllPartition];
  const after = cursor === undefined ? undefined : decodeCursor(cursor);
  const res = await db().send(
    new QueryCommand({
      TableName: table(),
      IndexName: index,
      KeyConditionExpression: after === undefined ? `${pk} = :pk` : `${pk} = :pk AND ${sk} < :after`,
      ExpressionAttributeValues: { ":pk": partition, ...(after === undefined ? {} : { ":after": after }) },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  const items = res.Items ?? [];
  const last = items.at(-1);
  return { alerts: items.map(alertOfItem), next: res.LastEvaluatedKey && last ? encodeCursor(String(last[sk])) : null };
}

/** A published alert as the public sees it; an unknown or unpublished one is an AlertNotFound. */
export async function publishedBySlug(slug: string): Promise<PublicAlert> {
  const alert = await find(slug);
  if (!alert?.published) throw new AlertNotFound();
  return publicOf(alert);
}
