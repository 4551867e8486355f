import { randomUUID } from "node:crypto";
import { DynamoDBDocumentClient, GetCommand } from "@aws-sdk/lib-dynamodb";
import { marshall } from "@aws-sdk/util-dynamodb";
import { newRawClient, onEveryClient } from "@site/core/db/client";
import type { StreamRecord } from "@site/core/streams/records";

/**
 * The integration tests' stand-in for the table's stream: the records DynamoDB would put on it for
 * this process's own writes, made from the writes themselves (a middleware on every document client
 * of the process, as the capacity log is), for the items whose partition key a consumer reads
 * (`wanted`). Each such write reads its item before and after (one GetItem each way), as the stream's
 * old and new images. Why not DynamoDB Local's own stream in the tests: every stream-enabled table
 * made in one DynamoDB Local makes writes to the tables made after it slower (2,000 puts: 2 s on the
 * first, 40 s on the 26th, measured; dropping the tables does not help), and the test files make a
 * table each; a process's own writes also keep parallel test files apart. `npm start`, the browser
 * tests and the benchmarks read the real stream of their one table (streams.ts).
 */
type Item = Record<string, unknown>;
type Key = { pk: string; sk: string };

interface Write {
  TableName?: string;
  Item?: Item;
  Key?: Item;
}
interface WriteInput extends Write {
  TransactItems?: { Put?: Write; Update?: Write; Delete?: Write }[];
  RequestItems?: Record<string, { PutRequest?: Write; DeleteRequest?: Write }[]>;
}

interface Touched {
  table: string;
  key: Key;
  /** the item a Put writes (its new image without a read) */
  put?: Item;
  deleted?: boolean;
}

const keyOf = (item: Item): Key => ({ pk: String(item.pk), sk: String(item.sk) });

function touchedBy(command: string, input: WriteInput): Touched[] {
  switch (command) {
    case "PutItemCommand":
      return [{ table: input.TableName!, key: keyOf(input.Item!), put: input.Item }];
    case "UpdateItemCommand":
      return [{ table: input.TableName!, key: keyOf(input.Key!) }];
    case "DeleteItemCommand":
      return [{ table: input.TableName!, key: keyOf(input.Key!), deleted: true }];
    case "TransactWriteItemsCommand":
      return (input.TransactItems ?? []).flatMap((t): Touched[] => {
        if (t.Put) return [{ table: t.Put.TableName!, key: keyOf(t.Put.Item!), put: t.Put.Item }];
        if (t.Update) return [{ table: t.Update.TableName!, key: keyOf(t.Update.Key!) }];
        if (t.Delete) return [{ table: t.Delete.TableName!, key: keyOf(t.Delete.Key!), deleted: true }];
        return [];
      });
    case "BatchWriteItemCommand":
      return Object.entries(input.RequestItems ?? {}).flatMap(([table, requests]) =>
        requests.map((r): Touched =>
          r.PutRequest ? { table, key: keyOf(r.PutRequest.Item!), put: r.PutRequest.Item } : { table, key: keyOf(r.DeleteRequest!.Key!), deleted: true },
        ),
      );
    default:
      return [];
  }
}

/** Sequence numbers increase within the process, as within a shard (zero-padded as DynamoDB Local writes them). */
let sequence = 0n;
const nextSequence = () => String(++sequence).padStart(21, "0");

const image = (item: Item | undefined) => (item ? marshall(item, { removeUndefinedValues: true, convertClassInstanceToMap: true }) : undefined);

/**
 * Watches this process's writes (every document client, now and after a `resetDb`) and hands the
 * stream records of the items `wanted` names to `emit`, once each write has succeeded. Answers the
 * function that stops watching.
 */
let captures = 0;

export function captureWrites(wanted: (key: Key) => boolean, emit: (records: StreamRecord[]) => void): () => void {
  let stopped = false;
  // each capture its own middleware (a test file may install more than one local bus)
  const name = `localWriteStream${++captures}`;
  const watched: DynamoDBDocumentClient[] = [];
  const stop = onEveryClient((client) => {
    watched.push(client);
    const reader = DynamoDBDocumentClient.from(newRawClient(), { marshallOptions: { removeUndefinedValues: true } });
    const read = async (t: Touched) => (await reader.send(new GetCommand({ TableName: t.table, Key: t.key, ConsistentRead: true }))).Item;
    client.middlewareStack.add(
      (next, context) => async (args) => {
        if (stopped) return next(args);
        const command = String((context as { commandName?: string }).commandName ?? "");
        const touched = touchedBy(command, args.input as WriteInput).filter((t) => wanted(t.key));
        if (!touched.length) return next(args);
        const before = await Promise.all(touched.map(read));
        const output = await next(args);
        const unprocessed = new Set(
          Object.values((output.output as { UnprocessedItems?: Record<string, { PutRequest?: Write; DeleteRequest?: Write }[]> }).UnprocessedItems ?? {})
            .flat()
            .map((r) => JSON.stringify(keyOf((r.PutRequest?.Item ?? r.DeleteRequest?.Key)!))),
        );
        const after = await Promise.all(touched.map((t) => (t.deleted ? undefined : (t.put ?? read(t)))));
        const records = touched.flatMap((t, i): StreamRecord[] => {
          if (unprocessed.has(JSON.stringify(t.key))) return [];
          const [old, now] = [before[i], after[i]];
          if (!old && !now) return [];
          return [
            {
              eventID: randomUUID().replace(/-/g, ""),
              eventName: !old ? "INSERT" : now ? "MODIFY" : "REMOVE",
              eventSourceARN: `arn:aws:dynamodb:local:000000000000:table/${t.table}/stream/writes`,
              dynamodb: { Keys: marshall(t.key), NewImage: image(now), OldImage: image(old), SequenceNumber: nextSequence() },
            },
          ];
        });
        if (records.length) emit(records);
        return output;
      },
      { step: "initialize", name },
    );
  });
  return () => {
    stopped = true;
    stop();
    for (const client of watched) client.middlewareStack.remove(name);
  };
}
