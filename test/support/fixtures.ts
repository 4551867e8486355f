import { randomUUID } from "node:crypto";
import { table } from "@site/core/db/client";
import { queryAll } from "@site/core/db/query";
import { Petition } from "@site/core/petition";

export async function newPetition(goal = 100) {
  return Petition.create({ id: `p-${randomUUID().slice(0, 12)}`, title: "Test petition", story: "A story worth telling.", goal });
}

/** Every item of a petition's collection, grouped by type: what a test can check the table for. */
export async function petitionItems(petitionId: string) {
  const items = await queryAll({
    TableName: table(),
    KeyConditionExpression: "pk = :pk",
    ExpressionAttributeValues: { ":pk": `PETITION#${petitionId}` },
    ConsistentRead: true,
  });
  const of = (type: string) => items.filter((i) => i.type === type);
  return { all: items, signatures: of("signature"), guards: of("emailGuard"), shards: of("counterShard") };
}

/** Names take no digits (PersonName): 0-9 become a-j, so every n still gives its own name. */
export const nameOf = (n: number | string) => String(n).replace(/[0-9]/g, (d) => "abcdefghij"[Number(d)]);

export const signer = (n: number | string, extra: Record<string, unknown> = {}) => ({
  firstName: `First${nameOf(n)}`,
  lastName: `Last${nameOf(n)}`,
  email: `signer${n}-${randomUUID().slice(0, 6)}@example.com`,
  client: { screenResolution: "1920x1080", timezone: "America/Chicago", language: "en-US" },
  ...extra,
});
