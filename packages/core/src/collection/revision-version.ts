import { getMany } from "../db/batch";
import type { Version } from "./define";

/**
 * The version of a collection whose every write (additions too) increments `revision` on one item,
 * or on one of several shards (the newsletter's, privacy requests' META): the revision stands for the
 * count as well (their list totals come from counters of their own: `countOf`).
 */
export async function revisionVersion(...keys: { pk: string; sk: string }[]): Promise<Version> {
  const items = await getMany(keys, { consistent: true, projection: "revision" });
  const revision = items.reduce((sum, item) => sum + Number(item.revision ?? 0), 0);
  return { count: revision, revision };
}
