import { appendFileSync } from "node:fs";
import { DynamoDBDocumentClient, GetCommand } from "@aws-sdk/lib-dynamodb";
import type { Item, RecordedWrite, WriteOp } from "./capacity";

/**
 * An opt-in recorder of every write this process sends (the middleware sees the document client's
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
  consumed?: unknown;
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

export function recordWrites(client: DynamoDBDocumentClient, reader: DynamoDBDocumentClient, file: string): void {
  const read = async (p: Pending) => (await reader.send(new GetCommand({ TableName: p.table, Key: p.key, ConsistentRead: true }))).Item as Item | undefined;
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const command = String((context as { commandName?: string }).commandName ?? "");
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
          const logged: LoggedCommand = { command, ok, writes, consumed: (output?.output as { ConsumedCapacity?: unknown } | undefined)?.ConsumedCapacity };
          // synchronous: a stack stopped at once loses no line
          appendFileSync(file, `${JSON.stringify(logged, (_, v) => (v instanceof Set ? [...v] : v))}\n`);
        }
      }
    },
    { step: "initialize", name: "capacityLog" },
  );
}
