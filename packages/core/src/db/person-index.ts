import { createHash } from "node:crypto";
import { normaliseEmail } from "../util/email";
import { table } from "./client";
import { queryAll } from "./query";

/**
 * The index of a person's records: every record that holds an e-mail — a signature, a
 * scam report, a guide submission, a newsletter subscriber, a pending newsletter token, a deletion
 * link's token — carries `gsi3pk = PERSON#<SHA-256 of the normalised e-mail>` and
 * `gsi3sk = <kind>#<pk>#<sk>`, written with the record by its one writer. Finding what an address
 * holds is one query on gsi3 (keys only, `recordsOf` below), never a scan; the index's keys
 * hold no address. The suppression list keys its entries by the same hash.
 */
export const RECORD_KINDS = ["signature", "report", "lead", "newsletter", "newsletterToken", "privacyToken"] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

export const personHash = (email: string) => createHash("sha256").update(normaliseEmail(email)).digest("base64url");

export const personPartition = (email: string) => `PERSON#${personHash(email)}`;

/** How the audit trail names a person: by the hash of their e-mail, never the e-mail (it outlives their records). */
export const auditedPerson = (email: string) => `person ${personHash(email)}`;

/** The gsi3 keys of a record of `kind` stored at `key` that holds `email`. */
export function personIndex(email: string, kind: RecordKind, key: { pk: string; sk: string }) {
  return { gsi3pk: personPartition(email), gsi3sk: `${kind}#${key.pk}#${key.sk}` };
}

/** What the readers of a stored record leave out: the index keys are not part of the record. */
export const PERSON_INDEX_ATTRIBUTES = ["gsi3pk", "gsi3sk"] as const;

/** A record holding a person's address, as the person index finds it. */
export interface PersonRecord {
  kind: RecordKind;
  pk: string;
  sk: string;
}

/** Every record holding `email` (any spelling), or only those of `kind`, by kind and table key: one query on gsi3 (keys only). */
export async function recordsOf(email: string, kind?: RecordKind): Promise<PersonRecord[]> {
  const items = await queryAll({
    TableName: table(),
    IndexName: "gsi3",
    KeyConditionExpression: kind ? "gsi3pk = :person AND begins_with(gsi3sk, :kind)" : "gsi3pk = :person",
    ExpressionAttributeValues: { ":person": personPartition(email), ...(kind ? { ":kind": `${kind}#` } : {}) },
  });
  return items.map((item) => ({ kind: String(item.gsi3sk).split("#")[0] as RecordKind, pk: String(item.pk), sk: String(item.sk) }));
}
