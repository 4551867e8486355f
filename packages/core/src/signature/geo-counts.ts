import { settings } from "../config";
import { getMany } from "../db/batch";
import { table } from "../db/client";
import { Keys } from "../db/keys";
import { counterShards } from "../petition";
import type { MetaDetails } from "../request/meta-details";
import { countryCode, usStateCode } from "./geo-codes";
import type { TransactItem } from "../db/transact";

/**
 * A petition's counts by place, kept with the writes (docs/architecture.md "Public count and
 * widget", docs/data-model.md "Counts by place"): a counted signature adds 1 under its country (ISO
 * 3166-1 alpha-2, from CloudFront's viewer headers) and, for US signers, under its state (`US-CA`);
 * a place that is missing or not a known code is counted as `unknown`. The counts live beside the
 * counter shards, on the same shard number as the counter the signature incremented, so no key takes
 * more of a petition's signatures than a counter shard does; each shard is four items (the US states,
 * and the countries in three parts by first letter) of one top-level number per place, each item
 * under 1 KB whatever the counts (one write unit, two in a transaction).
 *
 * A counted signature stores what it added (`geo`, a `GeoTally`) in its own item, written once in the
 * transaction that counts it and never changed after; deletions subtract exactly that, so signatures
 * from before the counts existed (no `geo`) subtract nothing.
 */

export const UNKNOWN = "unknown";

/** The item of a shard that holds the US states, and the three that hold the countries. */
export const STATES_PART = "S";
const COUNTRY_PARTS = [
  { part: "C1", upTo: "F" },
  { part: "C2", upTo: "M" },
  { part: "C3", upTo: "Z" },
] as const;
export const PARTS = [STATES_PART, ...COUNTRY_PARTS.map((p) => p.part)];

/** The countries' item a country code (or `unknown`, kept in the first) is counted in. */
export function countryPart(code: string): string {
  if (code === UNKNOWN) return COUNTRY_PARTS[0].part;
  return COUNTRY_PARTS.find((p) => code[0] <= p.upTo)!.part;
}

/** What one counted signature adds: its country's attribute and, for the US, its state's. */
export interface GeoTally {
  /** `FR`, or `unknown` */
  country: string;
  /** US signers only: `US-CA`, or `unknown` */
  state?: string;
}

type Place = Pick<MetaDetails, "country" | "region" | "countryCode" | "regionCode">;

/**
 * Where a signature is counted: the ISO code CloudFront gave (`countryCode`, `regionCode`), else
 * `country` / `region` when they hold a code themselves (the headers without names); anything that is
 * not a known code is `unknown`.
 */
export function geoTally(meta: Place): GeoTally {
  const country = countryCode(meta.countryCode) ?? countryCode(meta.country) ?? UNKNOWN;
  if (country !== "US") return { country };
  const state = usStateCode(meta.regionCode) ?? usStateCode(meta.region);
  return { country, state: state ? `US-${state}` : UNKNOWN };
}

type Update = NonNullable<TransactItem["Update"]>;

/**
 * The updates adding `by` for each tally (−1 to subtract), one per item of shard `shard` that
 * changes: at most four, for any number of tallies (a deletion's group).
 */
export function tallyUpdates(petitionId: string, tallies: readonly GeoTally[], by: number, shard: number): Update[] {
  const parts = new Map<string, Map<string, number>>();
  const add = (part: string, attribute: string) => {
    const deltas = parts.get(part) ?? new Map<string, number>();
    deltas.set(attribute, (deltas.get(attribute) ?? 0) + by);
    parts.set(part, deltas);
  };
  for (const tally of tallies) {
    add(countryPart(tally.country), tally.country);
    if (tally.state) add(STATES_PART, tally.state);
  }
  return [...parts].flatMap(([part, deltas]) => {
    const entries = [...deltas].filter(([, n]) => n !== 0);
    if (!entries.length) return [];
    return {
      TableName: table(),
      Key: Keys.geoShard(petitionId, part, shard),
      UpdateExpression: `ADD ${entries.map((_, i) => `#p${i} :n${i}`).join(", ")}`,
      ExpressionAttributeNames: Object.fromEntries(entries.map(([attribute], i) => [`#p${i}`, attribute])),
      ExpressionAttributeValues: Object.fromEntries(entries.map(([, n], i) => [`:n${i}`, n])),
    };
  });
}

/** The TransactWrite items of a change of the counts by place (see `tallyUpdates`). */
export const tallyWrites = (petitionId: string, tallies: readonly GeoTally[], by: number, shard: number): TransactItem[] =>
  tallyUpdates(petitionId, tallies, by, shard).map((Update) => ({ Update }));

/**
 * The TransactWrite items that count one signature by place: add them to the transaction that counts
 * it (signing; confirming, where signatures wait for confirmation), with the shard of the counter
 * shard it increments, and store `geoTally(meta)` as the signature's `geo` in the same transaction.
 */
export function geoCountWrites(petitionId: string, meta: Place, shard = Math.floor(Math.random() * settings().PETITION_COUNTER_SHARDS)): TransactItem[] {
  return tallyWrites(petitionId, [geoTally(meta)], 1, shard);
}

/** The shards a petition's counts by place may be on: its counter shards, or this process's setting if higher. */
async function shardsOf(petitionId: string): Promise<number> {
  return Math.max(await counterShards(petitionId), settings().PETITION_COUNTER_SHARDS);
}

/** Every key a petition's counts by place may have (for reading them, and deleting them with the petition). */
export async function geoShardKeys(petitionId: string): Promise<{ pk: string; sk: string }[]> {
  const shards = await shardsOf(petitionId);
  return Array.from({ length: shards }, (_, shard) => PARTS.map((part) => Keys.geoShard(petitionId, part, shard))).flat();
}

export interface GeoCounts {
  /** US signatures by state code (`CA`), places with none left out */
  byState: Record<string, number>;
  /** signatures by ISO country code (`US`) */
  byCountry: Record<string, number>;
  /** US signatures without a known state */
  unknownState: number;
  /** signatures without a known country */
  unknownCountry: number;
}

const KEY_ATTRIBUTES = new Set(["pk", "sk"]);

/**
 * Sums shard items into counts. A shard may hold a negative number for a place (a deletion subtracts
 * on any shard); the sums are exact, and a place whose sum is not positive is left out.
 */
export function sumShards(items: readonly Record<string, unknown>[]): GeoCounts {
  const states: Record<string, number> = {};
  const countries: Record<string, number> = {};
  for (const item of items) {
    const part = String(item.pk).split("#")[2];
    const into = part === STATES_PART ? states : countries;
    for (const [attribute, value] of Object.entries(item)) {
      if (KEY_ATTRIBUTES.has(attribute) || typeof value !== "number") continue;
      into[attribute] = (into[attribute] ?? 0) + value;
    }
  }
  const positive = (counts: Record<string, number>, rename: (place: string) => string) =>
    Object.fromEntries(
      Object.entries(counts)
        .filter(([place, n]) => place !== UNKNOWN && n > 0)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([place, n]) => [rename(place), n]),
    );
  return {
    byState: positive(states, (place) => place.replace(/^US-/, "")),
    byCountry: positive(countries, (place) => place),
    unknownState: Math.max(0, states[UNKNOWN] ?? 0),
    unknownCountry: Math.max(0, countries[UNKNOWN] ?? 0),
  };
}

/** A petition's counts by place: its shards summed (one eventually consistent BatchGet per 100 keys). */
export async function geoCounts(petitionId: string): Promise<GeoCounts> {
  return sumShards(await getMany(await geoShardKeys(petitionId)));
}
