import { GetCommand, UpdateCommand, type QueryCommandInput } from "@aws-sdk/lib-dynamodb";
import type { z } from "zod";
import { settings } from "../config";
import { db, table } from "../db/client";
import { isConditionFailure } from "../db/conditional";
import { queryAll } from "../db/query";
import { Keys } from "../db/keys";
import { transactIf } from "../db/transact-if";
import { NotFoundError } from "../util/error";
import { fn, parse } from "../util/zod";
import { sortableId } from "../util/id";
import { CreateInput, ID_PATTERN, UpdateGoalInput, defaultMilestones, type Info } from "./input";
import { counts, rememberShards, shardItem } from "./shards";

/** Petitions themselves: created with their counter shards, read with their counts, their settings changed. */

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
  const created = await transactIf([
    {
      Put: {
        Item: { ...Keys.petition(id), ...Keys.petitionList(createdAt, id), type: "petition", counterShards: shards, ...petition },
        ConditionExpression: "attribute_not_exists(pk)",
      },
    },
    ...Array.from({ length: shards }, (_, n) => ({ Put: { Item: shardItem(id, n) } })),
  ]);
  if (!created) return fromID(id);
  rememberShards(id, shards);
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

const ON_THE_LIST = { IndexName: "gsi1", KeyConditionExpression: "gsi1pk = :pk", ExpressionAttributeValues: { ":pk": "PETITIONS" } };

/** Every petition's item (gsi1 `PETITIONS`), with `more` of the query: its projection, its order. */
export const petitionItems = (more: Pick<QueryCommandInput, "ProjectionExpression" | "ScanIndexForward"> = {}) =>
  queryAll({ TableName: table(), ...ON_THE_LIST, ...more });

/** Every petition, newest first, with counts. */
export async function list(): Promise<Info[]> {
  const items = await petitionItems({ ScanIndexForward: false });
  const petitions = items.map(toStored);
  const totals = await Promise.all(petitions.map((p) => counts(p.id)));
  return petitions.map((p, i) => ({ ...p, signatureCount: totals[i].count, pendingCount: totals[i].pending }));
}

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
    if (isConditionFailure(err)) throw new PetitionNotFound();
    throw err;
  }
}
