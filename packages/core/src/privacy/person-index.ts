import { table } from "../db/client";
import { personPartition, type RecordKind } from "../db/person-index";
import { queryAll } from "../db/query";

/** A record holding a person's address, as the person index finds it (its keys: db/person-index.ts). */
export interface PersonRecord {
  kind: RecordKind;
  pk: string;
  sk: string;
}

/** Every record holding `email` (any spelling), by kind and table key: one query on gsi3. */
export async function recordsOf(email: string): Promise<PersonRecord[]> {
  const items = await queryAll({
    TableName: table(),
    IndexName: "gsi3",
    KeyConditionExpression: "gsi3pk = :person",
    ExpressionAttributeValues: { ":person": personPartition(email) },
  });
  return items.map((item) => ({ kind: String(item.gsi3sk).split("#")[0] as RecordKind, pk: String(item.pk), sk: String(item.sk) }));
}
