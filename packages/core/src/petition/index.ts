export * as Petition from "./index";

import { GetCommand, TransactWriteCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { z } from "zod";
import { settings } from "../config";
import { getMany } from "../db/batch";
import { cancellationCodes } from "../db/cancellation";
import { db, table } from "../db/client";
import { queryAll } from "../db/query";
import { Keys } from "../db/keys";
import { NotFoundError } from "../util/error";
import { fn, parse } from "../util/zod";
import { sortableId } from "../util/id";
import { Order, Search, containsFolded, pageOf, pageQuery, type Page } from "../util/page";

export { Info, MAX_GOAL, goal, ID_PATTERN, CreateInput, AdminCreateInput, UpdateGoalInput, Milestones, defaultMilestones, MAX_MILESTONES } from "./input";
import { CreateInput, ID_PATTERN, UpdateGoalInput, defaultMilestones, type Info } from "./input";

export class PetitionNotFound extends NotFoundError {
  constructor() {
    super("petition.not_found", "Petition not found");
  }
}

type Stored = Omit<Info, "signatureCount" | "pendingCount">;

const toStored = (item: Record<string, unknown>): Stored => ({
  id: item.id as string,
  title: item.title as string,
  story: item.story as string,
  goal: item.goal as number,
  // petitions stored before the setting existed count every signature, as they always did
  verifySignatures: item.verifySignatures === true,
  // petitions stored before milestones existed have none: no milestone e-mails until an administrator sets some
  milestones: Array.isArray(item.milestones) ? (item.milestones as unknown[]).map(Number) : [],
  createdAt: item.createdAt as string,
});

/** A counter shard as created: zero, open. */
const shardItem = (id: string, shard: number) => ({ ...Keys.counterShard(id, shard), type: "counterShard", count: 0 });

/**
 * Creates the petition with its `PETITION_COUNTER_SHARDS` counter shards in one transaction; with an
 * explicit id an existing petition is left untouched (idempotent seed).
 */
export const create = fn(CreateInput, async (input): Promise<Info> => {
  const id = input.id ?? sortableId();
  const createdAt = new Date().toISOString();
  const petition: Stored = {
    id,
    title: input.title,
    story: input.story,
    goal: input.goal,
    verifySignatures: input.verifySignatures,
    milestones: input.milestones ?? defaultMilestones(input.goal),
    createdAt,
  };
  const shards = settings().PETITION_COUNTER_SHARDS;
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: table(),
              Item: { ...Keys.petition(id), ...Keys.petitionList(createdAt, id), type: "petition", counterShards: shards, ...petition },
              ConditionExpression: "attribute_not_exists(pk)",
            },
          },
          ...Array.from({ length: shards }, (_, n) => ({ Put: { TableName: table(), Item: shardItem(id, n) } })),
        ],
      }),
    );
  } catch (err) {
    if (cancellationCodes(err)[0] !== "ConditionalCheckFailed") throw err;
    return fromID(id);
  }
  shardCounts.set(id, shards);
  return { ...petition, signatureCount: 0, pendingCount: 0 };
});

/** How long a signing server trusts its reading of a petition's `verifySignatures` (an administrator's change reaches every server within this). */
export const VERIFY_SETTING_TTL_MS = 15_000;
const verifySettings = new Map<string, { verify: boolean; readAt: number }>();

/**
 * Whether the petition verifies signatures, as the signing path needs it: read from META at most
 * once per VERIFY_SETTING_TTL_MS per process, so a surge does not read the petition's item (with its
 * story) once per signature (docs/architecture.md "Verified signatures and no enumeration").
 */
export async function verifiesSignatures(id: string): Promise<boolean> {
  const known = verifySettings.get(id);
  if (known && Date.now() - known.readAt < VERIFY_SETTING_TTL_MS) return known.verify;
  const res = await db().send(new GetCommand({ TableName: table(), Key: Keys.petition(id), ProjectionExpression: "verifySignatures" }));
  const verify = res.Item?.verifySignatures === true;
  verifySettings.set(id, { verify, readAt: Date.now() });
  return verify;
}

/** Counter shards per petition as this process last read them (they are only ever added). */
const shardCounts = new Map<string, number>();

/** How many counter shards the petition has (its META's `counterShards`), cached for the process. */
export async function counterShards(id: string): Promise<number> {
  const known = shardCounts.get(id);
  if (known !== undefined) return known;
  const res = await db().send(new GetCommand({ TableName: table(), Key: Keys.petition(id), ProjectionExpression: "counterShards" }));
  const n = Number(res.Item?.counterShards ?? 0);
  if (n > 0) shardCounts.set(id, n);
  return n;
}

/**
 * Adds counter shards up to `wanted` (a raised PETITION_COUNTER_SHARDS), unless the petition is gone
 * or being deleted: the petition's `counterShards` is raised first, in one transaction with the new
 * shards, so every reader that sees the number reads them too. Answers false for a petition that
 * takes no signatures.
 */
export async function ensureCounterShards(id: string, wanted: number): Promise<boolean> {
  const res = await db().send(
    new GetCommand({ TableName: table(), Key: Keys.petition(id), ProjectionExpression: "counterShards, deleting", ConsistentRead: true }),
  );
  if (!res.Item || res.Item.deleting) return false;
  const have = Number(res.Item.counterShards ?? 0);
  if (have >= wanted) {
    shardCounts.set(id, have);
    return true;
  }
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: table(),
              Key: Keys.petition(id),
              UpdateExpression: "SET counterShards = :n",
              ConditionExpression: "attribute_exists(pk) AND attribute_not_exists(deleting) AND (attribute_not_exists(counterShards) OR counterShards = :have)",
              ExpressionAttributeValues: { ":n": wanted, ":have": have },
            },
          },
          ...Array.from({ length: wanted - have }, (_, i) => ({
            Put: { TableName: table(), Item: shardItem(id, have + i), ConditionExpression: "attribute_not_exists(pk)" },
          })),
        ],
      }),
    );
  } catch (err) {
    // another process added them first (or the petition went): read again
    if (!cancellationCodes(err).includes("ConditionalCheckFailed") && !cancellationCodes(err).includes("TransactionConflict")) throw err;
    shardCounts.delete(id);
    return ensureCounterShards(id, wanted);
  }
  shardCounts.set(id, wanted);
  return true;
}

/**
 * An id no petition can have is not found without asking DynamoDB, which refuses keys over 2 KB
 * (a 500 for a long id in the URL).
 */
export function assertPossibleId(id: string): void {
  if (!ID_PATTERN.test(id)) throw new PetitionNotFound();
}

async function stored(id: string): Promise<Stored> {
  const res = await db().send(new GetCommand({ TableName: table(), Key: Keys.petition(id) }));
  if (!res.Item) throw new PetitionNotFound();
  return toStored(res.Item);
}

export async function fromID(id: string): Promise<Info> {
  assertPossibleId(id);
  const [petition, { count: signatureCount, pending: pendingCount }] = await Promise.all([stored(id), counts(id)]);
  return { ...petition, signatureCount, pendingCount };
}

/** The signature count is the sum of the petition's counter shards (one BatchGet). */
export async function count(id: string, consistent = false): Promise<number> {
  return (await counts(id, consistent)).count;
}

/**
 * The counted signatures (`count`: the confirmed ones on a petition that verifies signatures, else
 * all) and those waiting for their confirmation (`pending`), each the sum of the counter shards'
 * attribute of that name: one BatchGet of the same small items.
 */
export async function counts(id: string, consistent = false): Promise<{ count: number; pending: number }> {
  const n = await counterShards(id);
  if (n === 0) return { count: 0, pending: 0 };
  const shards = await getMany(
    Array.from({ length: n }, (_, shard) => Keys.counterShard(id, shard)),
    { consistent, projection: "#c, #p", names: { "#c": "count", "#p": "pending" } },
  );
  return {
    count: shards.reduce((total, shard) => total + Number(shard.count ?? 0), 0),
    pending: shards.reduce((total, shard) => total + Number(shard.pending ?? 0), 0),
  };
}

/** Every petition, newest first, with counts. */
export async function list(): Promise<Info[]> {
  const items = await queryAll({
    TableName: table(),
    IndexName: "gsi1",
    KeyConditionExpression: "gsi1pk = :pk",
    ExpressionAttributeValues: { ":pk": "PETITIONS" },
    ScanIndexForward: false,
  });
  const petitions = items.map(toStored);
  const totals = await Promise.all(petitions.map((p) => counts(p.id)));
  return petitions.map((p, i) => ({ ...p, signatureCount: totals[i].count, pendingCount: totals[i].pending }));
}

export const SORTS = ["createdAt", "signatureCount", "goal"] as const;
export const AdminListQuery = z.object({
  search: Search,
  sort: z.enum(SORTS, { error: "Sort by createdAt, signatureCount or goal" }).default("createdAt"),
  order: Order,
  ...pageQuery(),
});
export type AdminListQuery = z.input<typeof AdminListQuery>;

/** Search (title, story, goal, signature count), sort and page, as the admin lists want them. Pure. */
export function select(petitions: Info[], q: z.output<typeof AdminListQuery>): Page<Info> {
  const matching = petitions.filter((p) => containsFolded(q.search, p.title, p.story, p.goal, p.signatureCount));
  const key = (p: Info) => (q.sort === "createdAt" ? p.createdAt : p[q.sort]);
  const sign = q.order === "asc" ? 1 : -1;
  matching.sort((a, b) => {
    const x = key(a);
    const y = key(b);
    const c = x < y ? -1 : x > y ? 1 : a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
    return c * sign;
  });
  return pageOf(matching, q.page, q.pageSize);
}

export const adminList = fn(AdminListQuery, async (q): Promise<Page<Info>> => select(await list(), q));

/** Sets the goal, whether signatures are verified and/or the milestones; answers the petition and what it replaced. */
export async function updateGoal(
  id: string,
  input: z.input<typeof UpdateGoalInput>,
): Promise<{ petition: Info; previousGoal: number; previousVerifySignatures: boolean; previousMilestones: number[] }> {
  const next = parse(UpdateGoalInput, input);
  assertPossibleId(id);
  const sets = [
    ...(next.goal !== undefined ? ["goal = :goal"] : []),
    ...(next.verifySignatures !== undefined ? ["verifySignatures = :verify"] : []),
    ...(next.milestones !== undefined ? ["milestones = :milestones"] : []),
  ];
  try {
    const res = await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: Keys.petition(id),
        UpdateExpression: `SET ${sets.join(", ")}`,
        ConditionExpression: "attribute_exists(pk)",
        ExpressionAttributeValues: {
          ...(next.goal !== undefined ? { ":goal": next.goal } : {}),
          ...(next.verifySignatures !== undefined ? { ":verify": next.verifySignatures } : {}),
          ...(next.milestones !== undefined ? { ":milestones": next.milestones } : {}),
        },
        ReturnValues: "ALL_OLD",
      }),
    );
    const old = toStored(res.Attributes!);
    verifySettings.delete(id);
    const { count: signatureCount, pending: pendingCount } = await counts(id, true);
    return {
      petition: {
        ...old,
        goal: next.goal ?? old.goal,
        verifySignatures: next.verifySignatures ?? old.verifySignatures,
        milestones: next.milestones ?? old.milestones,
        signatureCount,
        pendingCount,
      },
      previousGoal: Number(old.goal),
      previousVerifySignatures: old.verifySignatures,
      previousMilestones: old.milestones,
    };
  } catch (err) {
    if ((err as Error).name === "ConditionalCheckFailedException") throw new PetitionNotFound();
    throw err;
  }
}

interface CountRead {
  startedAt: number;
  result: Promise<number>;
}
const inFlight = new Map<string, CountRead>();
const queued = new Map<string, Promise<number>>();

/**
 * A consistent count this process read of a petition, when that read had answered, and how many of
 * this process's own signatures committed since from transactions sent after it answered (so the
 * read cannot have seen them).
 */
interface KnownCount {
  count: number;
  readAt: number;
  since: number;
}
/**
 * Newest first. A signer is answered from the newest one read before their transaction left; the
 * older ones serve the signers that were in flight when a newer read answered.
 */
const known = new Map<string, KnownCount[]>();
const MAX_KNOWN = 32;
const READ_SPACING_MS = 40;
/**
 * A known count older than this is refreshed in the background; twice as old, it is no longer used.
 * Every busy signing process reads every counter shard this often, so it is what a shard's reads
 * grow with at a surge's thousands of processes (docs/architecture.md "Capacity"); the count a
 * signer is answered lags the other processes' signatures by as much, as the edge-cached count the
 * pages show does by its 10 s.
 */
export const KNOWN_COUNT_MAX_AGE_MS = 5000;
/**
 * The background refresh reads eventually consistent (half the read units): a signer's own
 * signature is counted in `since`, never expected of the read; the first read, which must include
 * it, is strongly consistent.
 */
export const REFRESH_READ_UNITS_PER_SHARD = 0.5;

function startRead(id: string, consistent = true): CountRead {
  queued.delete(id);
  const read: CountRead = { startedAt: performance.now(), result: count(id, consistent) };
  inFlight.set(id, read);
  const clear = () => inFlight.get(id) === read && inFlight.delete(id);
  read.result.then((n) => {
    clear();
    const now = performance.now();
    const kept = (known.get(id) ?? []).filter((k) => now - k.readAt < 2 * KNOWN_COUNT_MAX_AGE_MS).slice(0, MAX_KNOWN - 1);
    known.set(id, [{ count: n, readAt: now, since: 0 }, ...kept]);
  }, clear);
  return read;
}

/** A consistent read, shared by concurrent callers: one that started after `writtenAt`, or the next. */
function readAfter(id: string, writtenAt: number): Promise<number> {
  const current = inFlight.get(id);
  if (current && current.startedAt >= writtenAt) return current.result;
  if (!current) return startRead(id).result;
  let next = queued.get(id);
  if (!next) {
    // Back-to-back reads under a burst start at least READ_SPACING_MS apart, so each serves more signers.
    const spaced = () => new Promise((r) => setTimeout(r, Math.max(0, current.startedAt + READ_SPACING_MS - performance.now())));
    next = current.result
      .catch(() => 0)
      .then(spaced)
      .then(() => startRead(id).result);
    queued.set(id, next);
  }
  return next;
}

/**
 * The count to answer a signer with, including their own signature: the transaction was sent at
 * `sentAt` and committed by `writtenAt` (performance.now() values). When this process read the
 * count recently, after the signer's transaction left, the answer is that count plus this
 * process's signatures since — no read, so a burst of signers on one server costs about one count
 * read a second, refreshed in the background. Otherwise a consistent read that started after the
 * commit, shared by concurrent signers. Signatures other servers took in the last second or two
 * may be missing from an answer; the signer's own never is.
 */
export function countAfter(id: string, sentAt: number, writtenAt: number): Promise<number> {
  const now = performance.now();
  const bases = known.get(id) ?? [];
  const base = bases.find((b) => sentAt > b.readAt && now - b.readAt < 2 * KNOWN_COUNT_MAX_AGE_MS);
  if (!base) return readAfter(id, writtenAt);
  base.since += 1;
  if (now - bases[0].readAt >= KNOWN_COUNT_MAX_AGE_MS && !inFlight.has(id)) startRead(id, false).result.catch(() => {});
  return Promise.resolve(base.count + base.since);
}

/** After signatures were deleted, the count this process knows is too high: read it afresh next time. */
export function forgetCount(id: string) {
  known.delete(id);
  shardCounts.delete(id);
  confirmedCounts.delete(id);
}

/** The counts this process last read for confirmations, and its confirmations since. */
const confirmedCounts = new Map<string, { count: number; pending: number; readAt: number; since: number }>();

/**
 * The counts to answer a signer who opened their link with: read consistently (after the
 * confirmation, so including it) at most every KNOWN_COUNT_MAX_AGE_MS per process; in between, that
 * read plus this process's confirmations since (`confirmed`: this answer's own; false for a link
 * opened again). A surge's confirmations would otherwise read every counter shard each (32 read
 * units per confirmation, docs/architecture.md "Capacity").
 */
export async function countsAfterConfirmation(id: string, confirmed: boolean, now = performance.now()): Promise<{ count: number; pending: number }> {
  const cached = confirmedCounts.get(id);
  if (!cached || now - cached.readAt >= KNOWN_COUNT_MAX_AGE_MS) {
    const fresh = await counts(id, true);
    confirmedCounts.set(id, { ...fresh, readAt: now, since: 0 });
    return fresh;
  }
  if (confirmed) cached.since += 1;
  return { count: cached.count + cached.since, pending: Math.max(0, cached.pending - cached.since) };
}
