import { GetCommand, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { countShardUpdate, indexCreation, indexRemoval, randomShard } from "../collection/count-shards";
import { db, table } from "../db/client";
import { Keys } from "../db/keys";
import { personIndex } from "../db/person-index";
import { transactWithRetries, type Retries } from "../db/transact";
import type { KindName } from "../policy/personal-record";
import { sortableId } from "../util/id";
import type { Made } from "./definition";
import type { TransactItem } from "../db/transact";

export interface CreateOptions {
  /** when it was made (its id and time follow it); now by default */
  at?: Date;
  /**
   * Items written in the same transaction, before the record's own (a rate-limit hit, an outbox
   * event), or made from the record's id (a submission's key naming it): `onCancelled` reads their
   * cancellation reasons at their positions, from 0.
   */
  also?: TransactItem[] | ((made: { id: string }) => TransactItem[]);
  onCancelled?: Retries["onCancelled"];
}

/** What the table item holds beside the record: its keys, the person index's, its type. */
const MACHINERY = new Set(["pk", "sk", "gsi3pk", "gsi3sk", "type"]);

/**
 * A kind's records in the table: one item per record (`Keys.kindRecord`), in the person index, written
 * in one transaction with its admin index row and +1 on one of its count shards, and removed the same
 * way. `indexItem` is the row a record is listed as; `indexKey` where the row of an id is.
 */
export function kindStore<R extends Made & { email: string }>(
  name: KindName,
  indexItem: (record: R) => Record<string, unknown>,
  indexKey: (id: string) => { pk: string; sk: string },
) {
  const key = (id: string) => Keys.kindRecord(name, id);
  /** ADD `n` (negative to subtract) to one of the kind's count shards. */
  const countUpdate = (n: number, shard = randomShard()) => countShardUpdate(Keys.kindCountShard(name, shard), `${name}Count`, n);
  const item = (record: R) => ({ ...key(record.id), ...personIndex(record.email, name, key(record.id)), type: name, ...record });
  const recordOf = (stored: Record<string, unknown>) => Object.fromEntries(Object.entries(stored).filter(([k]) => !MACHINERY.has(k))) as unknown as R;

  return {
    key,
    countUpdate,
    recordOf,
    /** Stores a record made of `data` (parsed already) in one transaction; a conflict on a count shard is retried on another. */
    async create(data: Omit<R, keyof Made>, opts: CreateOptions = {}): Promise<R> {
      const at = opts.at ?? new Date();
      const record = { ...data, id: sortableId(at.getTime()), createdAt: at.toISOString() } as R;
      const put = { Put: { TableName: table(), Item: item(record), ConditionExpression: "attribute_not_exists(pk)" } };
      const also = typeof opts.also === "function" ? opts.also(record) : (opts.also ?? []);
      await transactWithRetries(() => new TransactWriteCommand({ TransactItems: [...also, put, ...indexCreation(indexItem(record), countUpdate(1))] }), {
        onCancelled: opts.onCancelled,
      });
      return record;
    },
    /** The record with this id, read consistently, or undefined. */
    async find(id: string): Promise<R | undefined> {
      const res = await db().send(new GetCommand({ TableName: table(), Key: key(id), ConsistentRead: true }));
      return res.Item ? recordOf(res.Item) : undefined;
    },
    /**
     * Deletes a record with its index row and -1 on a count shard, in one transaction; the record must
     * still exist, so two concurrent removals count once. False when there was none.
     */
    async remove(id: string): Promise<boolean> {
      const { written } = await transactWithRetries(
        () =>
          new TransactWriteCommand({
            TransactItems: [
              { Delete: { TableName: table(), Key: key(id), ConditionExpression: "attribute_exists(pk)" } },
              ...indexRemoval(indexKey(id), countUpdate(-1)),
            ],
          }),
        { onCancelled: (reasons) => (reasons[0] === "ConditionalCheckFailed" ? "refused" : undefined) },
      );
      return written;
    },
  };
}

export type KindStore<R extends Made & { email: string }> = ReturnType<typeof kindStore<R>>;
