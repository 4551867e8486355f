import { QueryCommand } from "@aws-sdk/lib-dynamodb";
import { db, table } from "../db/client";
import { Keys } from "../db/keys";
import { errorAttributes, log } from "../log";
import { identifiersOfQuery } from "../report/identifiers";
import { countLookup } from "./lookup-counts";
import { listPage, manyBySlug, publicOf } from "./store";
import { ALERT_IDENTIFIER_TYPES, type LookupAnswer, type PublicAlert, type PublishedPage } from "./types";

/** Alerts sharing one identifier, at most: an identifier names one company's alerts, rarely more than one. */
const PER_IDENTIFIER = 20;
/** The public list's page. */
export const PUBLISHED_PAGE_SIZE = 24;

const publishable = new Set<string>(ALERT_IDENTIFIER_TYPES);

/** Most reports first, then the newest: what the visitor most needs to see on top. */
const byWeight = (a: PublicAlert, b: PublicAlert) => b.stats.reports - a.stats.reports || (a.publishedAt < b.publishedAt ? 1 : -1);

/** The slugs of the alerts that publish this identifier: one Query of its partition (eventually consistent). */
async function slugsOf(type: string, value: string): Promise<string[]> {
  const res = await db().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: "pk = :pk",
      ExpressionAttributeValues: { ":pk": Keys.scamAlertIdentifierPartition(type, value) },
      ProjectionExpression: "slug",
      Limit: PER_IDENTIFIER,
    }),
  );
  return (res.Items ?? []).map((item) => String(item.slug));
}

/**
 * The published alerts a visitor's query names, in any spelling: the query read as a company's name,
 * a phone number and a website (report/identifiers.ts `identifiersOfQuery`), one Query per reading,
 * then one BatchGet of the alerts found. Counted (lookup-counts.ts) without the query: a failed count
 * is logged and never fails the answer.
 */
export async function lookup(q: string): Promise<LookupAnswer> {
  const readings = identifiersOfQuery(q).filter((i) => publishable.has(i.type));
  const slugs = [...new Set((await Promise.all(readings.map((i) => slugsOf(i.type, i.value)))).flat())];
  const alerts = (await manyBySlug(slugs))
    .filter((a) => a.published)
    .map(publicOf)
    .sort(byWeight);
  await countLookup(alerts[0]?.slug).catch((err) => log.warn("scam alert lookup not counted", errorAttributes(err)));
  return { alerts };
}

/** The published alerts, newest first, a page at a time. */
export async function listPublished(cursor?: string): Promise<PublishedPage> {
  const page = await listPage("published", PUBLISHED_PAGE_SIZE, cursor);
  return { alerts: page.alerts.filter((a) => a.published).map(publicOf), next: page.next };
}

/** Every published alert's slug and last change, for the sitemap (pages of the public list until its end, at most `max`). */
export async function publishedForSitemap(max = 50_000): Promise<{ slug: string; updatedAt: string }[]> {
  const out: { slug: string; updatedAt: string }[] = [];
  let cursor: string | undefined;
  do {
    const page = await listPage("published", 500, cursor);
    out.push(...page.alerts.filter((a) => a.published).map((a) => ({ slug: a.slug, updatedAt: a.updatedAt })));
    cursor = page.next ?? undefined;
  } while (cursor && out.length < max);
  return out.slice(0, max);
}
