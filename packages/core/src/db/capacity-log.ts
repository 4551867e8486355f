import { appendFileSync } from "node:fs";
import { DynamoDBDocumentClient, GetCommand } from "@aws-sdk/lib-dynamodb";
import type { Item, RecordedWrite, WriteOp } from "./capacity";

/**
 * An opt-in recorder of every write (and read) this process sends (the middleware sees the document client's
 * native input under the low-level command's name, e.g. PutItemCommand) (DYNAMODB_CAPACITY_LOG=<file>, set only by
 * `npm run bench:capacity`): one JSON line per command with each item's key and its images before
 * and after (read with a separate client), and the ConsumedCapacity DynamoDB Local reported
 * (ReturnConsumedCapacity INDEXES is added). It doubles the reads of every write: never on a
 * deployed stage.
 */
export interface LoggedCommand {
  command: string;
  ok: boolean;
  writes: RecordedWrite[];
  /** a read command's partitions and the read units DynamoDB Local charged it (reads are billed by size, as DynamoDB bills them) */
  reads?: RecordedRead[];
  consumed?: unknown;
  /** when it was sent (ms since the epoch): per-second figures */
  at?: number;
}

/** One partition a read command read, and its share of the command's read units. */
export interface RecordedRead {
  /** "table" or the index's name */
  target: string;
  partition: string;
  units: number;
  consistent: boolean;
}

interface Pending {
  op: WriteOp;
  transactional: boolean;
  table: string;
  key: { pk: string; sk: string };
  item?: Item;
}

const keyOf = (item: Item) => ({ pk: String(item.pk), sk: String(item.sk) });

/** The parts of a write command's input the recorder reads (the document client's native shapes). */
interface Write {
  TableName: string;
  Item: Item;
  Key: Item;
}
interface WriteInput extends Partial<Write> {
  TransactItems?: { Put?: Write; Update?: Write; Delete?: Write; ConditionCheck?: Write }[];
  RequestItems?: Record<string, { PutRequest?: Write; DeleteRequest?: Write }[]>;
  ReturnConsumedCapacity?: string;
}

/** The items a write command touches, or undefined for a command that writes nothing. */
function writesOf(command: string, input: WriteInput): Pending[] | undefined {
  switch (command) {
    case "PutItemCommand":
      return [{ op: "Put", transactional: false, table: input.TableName!, key: keyOf(input.Item!), item: input.Item }];
    case "UpdateItemCommand":
      return [{ op: "Update", transactional: false, table: input.TableName!, key: keyOf(input.Key!) }];
    case "DeleteItemCommand":
      return [{ op: "Delete", transactional: false, table: input.TableName!, key: keyOf(input.Key!) }];
    case "TransactWriteItemsCommand":
      return (input.TransactItems ?? []).map((t): Pending => {
        if (t.Put) return { op: "Put", transactional: true, table: t.Put.TableName, key: keyOf(t.Put.Item), item: t.Put.Item };
        if (t.Update) return { op: "Update", transactional: true, table: t.Update.TableName, key: keyOf(t.Update.Key) };
        if (t.Delete) return { op: "Delete", transactional: true, table: t.Delete.TableName, key: keyOf(t.Delete.Key) };
        return { op: "ConditionCheck", transactional: true, table: t.ConditionCheck!.TableName, key: keyOf(t.ConditionCheck!.Key) };
      });
    case "BatchWriteItemCommand":
      return Object.entries(input.RequestItems ?? {}).flatMap(([table, requests]) =>
        requests.map((r): Pending =>
          r.PutRequest
            ? { op: "Put", transactional: false, table, key: keyOf(r.PutRequest.Item), item: r.PutRequest.Item }
            : { op: "Delete", transactional: false, table, key: keyOf(r.DeleteRequest!.Key) },
        ),
      );
    default:
      return undefined;
  }
}

interface ReadInput {
  TableName?: string;
  IndexName?: string;
  Key?: Item;
  KeyConditionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Item;
  ConsistentRead?: boolean;
  RequestItems?: Record<string, { Keys?: Item[]; ConsistentRead?: boolean }>;
  TransactItems?: { Get?: { TableName: string; Key: Item } }[];
  ReturnConsumedCapacity?: string;
}

const READ_COMMANDS = new Set(["GetItemCommand", "QueryCommand", "ScanCommand", "BatchGetItemCommand", "TransactGetItemsCommand"]);

/** The partition a Query reads: the value its key condition gives the partition key (`pk = :pk`, `#pk = :v`). */
function queriedPartition(input: ReadInput): string {
  const first = /^\s*\(?\s*([#\w]+)\s*=\s*(:\w+)/.exec(input.KeyConditionExpression ?? "");
  return first ? String(input.ExpressionAttributeValues?.[first[2]] ?? "?") : "?";
}

/** The read units of a command's answer (DynamoDB Local's ConsumedCapacity, as DynamoDB bills reads), spread over the partitions it read. */
function readsOf(command: string, input: ReadInput, consumed: unknown): RecordedRead[] {
  const list = (Array.isArray(consumed) ? consumed : consumed ? [consumed] : []) as { TableName?: string; CapacityUnits?: number }[];
  const units = list.reduce((sum, c) => sum + Number(c.CapacityUnits ?? 0), 0);
  const target = input.IndexName ?? "table";
  switch (command) {
    case "GetItemCommand":
      return [{ target, partition: String(input.Key?.pk), units, consistent: !!input.ConsistentRead }];
    case "QueryCommand":
      return [{ target, partition: queriedPartition(input), units, consistent: !!input.ConsistentRead }];
    case "ScanCommand":
      return [{ target, partition: "(scan)", units, consistent: !!input.ConsistentRead }];
    case "BatchGetItemCommand": {
      const keys = Object.values(input.RequestItems ?? {}).flatMap((r) => (r.Keys ?? []).map((k) => ({ k, consistent: !!r.ConsistentRead })));
      return keys.map(({ k, consistent }) => ({ target: "table", partition: String(k.pk), units: units / keys.length, consistent }));
    }
    case "TransactGetItemsCommand": {
      const keys = (input.TransactItems ?? []).map((t) => t.Get?.Key).filter((k): k is Item => !!k);
      return keys.map((k) => ({ target: "table", partition: String(k.pk), units: units / keys.length, consistent: true }));
    }
    default:
      return [];
  }
}

/** Reads: one line per read command with its partitions and the units DynamoDB Local charged (no extra read of ours). */
function recordRead(command: string, input: ReadInput, file: string) {
  input.ReturnConsumedCapacity = "INDEXES";
  return (output: unknown) => {
    const consumed = (output as { ConsumedCapacity?: unknown } | undefined)?.ConsumedCapacity;
    const logged: LoggedCommand = { command, ok: true, writes: [], reads: readsOf(command, input, consumed), at: Date.now() };
    appendFileSync(file, `${JSON.stringify(logged)}\n`);
  };
}

export function recordWrites(client: DynamoDBDocumentClient, reader: DynamoDBDocumentClient, file: string): void {
  const read = async (p: Pending) => (await reader.send(new GetCommand({ TableName: p.table, Key: p.key, ConsistentRead: true }))).Item as Item | undefined;
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const command = String((context as { commandName?: string }).commandName ?? "");
      if (READ_COMMANDS.has(command)) {
        const done = recordRead(command, args.input as ReadInput, file);
        const output = await next(args);
        done(output.output);
        return output;
      }
      const input = args.input as WriteInput;
      const pending = writesOf(command, input);
      if (!pending) return next(args);
      input.ReturnConsumedCapacity = "INDEXES";
      const before = await Promise.all(pending.map(read));
      let ok = false;
      let output: Awaited<ReturnType<typeof next>> | undefined;
      try {
        output = await next(args);
        ok = true;
        return output;
      } finally {
        // a cancelled transaction writes nothing and is left out; a refused single write is still charged
        if (ok || !pending[0].transactional) {
          const after = ok ? await Promise.all(pending.map((p) => (p.op === "Put" ? p.item : p.op === "Delete" ? undefined : read(p)))) : before;
          const writes: RecordedWrite[] = pending.map((p, i) => ({ op: p.op, transactional: p.transactional, key: p.key, before: before[i], after: after[i] }));
          const logged: LoggedCommand = {
            command,
            ok,
            writes,
            consumed: (output?.output as { ConsumedCapacity?: unknown } | undefined)?.ConsumedCapacity,
            at: Date.now(),
          };
          // synchronous: a stack stopped at once loses no line
          appendFileSync(file, `${JSON.stringify(logged, (_, v) => (v instanceof Set ? [...v] : v))}\n`);
        }
      }
    },
    { step: "initialize", name: "capacityLog" },
  );
}
