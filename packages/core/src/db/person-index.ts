import { createHash, createHmac } from "node:crypto";
import { settings } from "../config";
import { normaliseEmail } from "../util/email";
import { table } from "./client";
import { queryAll } from "./query";

/**
 * The index of a person's records: every record that holds an e-mail — a signature, a
 * scam report, a guide submission, a newsletter subscriber, a pending newsletter token, a deletion
 * link's token, an e-mail held by the domain brake — carries `gsi3pk = PERSON#<SHA-256 of the normalised e-mail>` and
 * `gsi3sk = <kind>#<pk>#<sk>`, written with the record by its one writer. Finding what an address
 * holds is one query on gsi3 (keys only, `recordsOf` below), never a scan; the index's keys
 * hold no address. The suppression list keys its entries by the same hash.
 */
export const RECORD_KINDS = ["signature", "report", "lead", "newsletter", "newsletterToken", "privacyToken", "heldMail"] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

export const personHash = (email: string) => createHash("sha256").update(normaliseEmail(email)).digest("base64url");

export const personPartition = (email: string) => `PERSON#${personHash(email)}`;

/**
 * How the audit trail names a person, never by their e-mail (the trail outlives their records): an
 * HMAC-SHA256, keyed by the stage's AUDIT_HASH_KEY, of the person index's hash. A plain SHA-256 of an
 * address can be reversed by hashing candidate addresses; this cannot without the key. It is taken
 * of `personHash` (not of the address) so the suppression list, which holds only that hash, names
 * the person as everything else does. Throws when the key is not set.
 */
export function auditedPersonOfHash(hash: string): string {
  const key = settings().AUDIT_HASH_KEY;
  if (!key) throw new Error("AUDIT_HASH_KEY is not set: the audit trail cannot name a person");
  return `person ${createHmac("sha256", key).update(hash).digest("base64url")}`;
}

/** The audit trail's name for the person with `email` (any spelling): `person <keyed hash>`. */
export const auditedPerson = (email: string) => auditedPersonOfHash(personHash(email));

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
