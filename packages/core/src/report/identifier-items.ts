export * as Identifiers from "./identifier-items";

import { QueryCommand } from "@aws-sdk/lib-dynamodb";
import { db, table } from "../db/client";
import { Keys } from "../db/keys";
import type { TransactItem } from "../db/transact";
import { identifiersOf, type Identifier, type IdentifierType } from "./identifiers";
import type { Info } from "./info";

/**
 * The identifier index (docs/data-model.md "Scam intelligence"): one item per report and identifier
 * it names, pk `SCAMID#<type>#<value>`, sk `R#<reportId>`, so the reports naming an identifier are
 * one query at any number of reports. Written in the report's creation transaction, deleted in its
 * removal's. The report item keeps the list of what was written (`identifierKeys`), so a removal
 * deletes exactly that even after the normalisation (identifiers.ts, the libraries' data) changed.
 */

export type { Identifier, IdentifierType } from "./identifiers";
export { identifiersOf, identifiersOfQuery } from "./identifiers";

/** One identifier as the report item lists it: "phone#+14075550199" (a type has no "#"). */
export const identifierKey = (identifier: Pick<Identifier, "type" | "value">) => `${identifier.type}#${identifier.value}`;

function ofKey(key: string): Pick<Identifier, "type" | "value"> {
  const at = key.indexOf("#");
  return { type: key.slice(0, at) as IdentifierType, value: key.slice(at + 1) };
}

/** The report item's `identifierKeys`: a string set (never empty: DynamoDB has no empty set), or nothing. */
export function identifierKeysAttribute(report: Pick<Info, "scammer" | "contactMethods">): { identifierKeys?: Set<string> } {
  const keys = identifiersOf(report).map(identifierKey);
  return keys.length ? { identifierKeys: new Set(keys) } : {};
}

/** `identifierKeys` as read back from an item (a set, or a list written by hand); [] when absent. */
export function storedIdentifierKeys(item: Record<string, unknown> | undefined): string[] {
  const stored = item?.identifierKeys;
  if (stored instanceof Set || Array.isArray(stored)) return [...stored].filter((k): k is string => typeof k === "string" && k.includes("#"));
  return [];
}

export function identifierItem(report: Pick<Info, "id" | "createdAt">, identifier: Identifier) {
  return {
    ...Keys.scamIdentifier(identifier.type, identifier.value, report.id),
    type: "scamIdentifier",
    identifierType: identifier.type,
    shown: identifier.shown,
    reportId: report.id,
    createdAt: report.createdAt,
  };
}

/** The Puts of a new report's transaction: one per identifier (the id is new, so none exists). */
export const creationPuts = (report: Info): TransactItem[] =>
  identifiersOf(report).map((identifier) => ({ Put: { TableName: table(), Item: identifierItem(report, identifier) } }));

/**
 * The Deletes of a report's removal: what its item says was written and what the report's
 * identifiers are now (the same, unless the normalisation changed since, or a backfill ran between
 * the read and the removal), each once.
 */
export function removalDeletes(report: Pick<Info, "id" | "scammer" | "contactMethods">, storedKeys: readonly string[] = []): TransactItem[] {
  const keys = new Set([...storedKeys, ...identifiersOf(report).map(identifierKey)]);
  return [...keys].map(ofKey).map(({ type, value }) => ({ Delete: { TableName: table(), Key: Keys.scamIdentifier(type, value, report.id) } }));
}

/** A lookup's page bound: one query's page of these small items (1 MB) holds thousands. */
export const MAX_LOOKUP = 1000;

/** The ids of the reports naming an identifier, newest first, at most `limit` (one strongly consistent query). */
export async function reportIdsWith(identifier: Pick<Identifier, "type" | "value">, limit = 100): Promise<string[]> {
  const res = await db().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: "pk = :pk AND begins_with(sk, :prefix)",
      ExpressionAttributeValues: { ":pk": Keys.scamIdentifierPartition(identifier.type, identifier.value), ":prefix": Keys.scamIdentifierReportPrefix },
      ProjectionExpression: "reportId",
      ConsistentRead: true,
      ScanIndexForward: false,
      Limit: Math.max(1, Math.min(MAX_LOOKUP, Math.floor(limit))),
    }),
  );
  return (res.Items ?? []).map((item) => String(item.reportId));
}
