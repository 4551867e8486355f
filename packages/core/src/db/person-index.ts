import { createHash, createHmac } from "node:crypto";
import { settings } from "../config";
import type { KindName } from "../policy/personal-record";
import { normaliseEmail } from "../util/email";
import { table } from "./client";
import { queryAll } from "./query";

/**
 * The index of a person's records: every record that holds an e-mail — a signature, a
 * scam report, a guide submission, a newsletter subscriber, a pending newsletter token, a deletion
 * link's token, an e-mail held by the domain brake — carries `gsi3pk = PERSON#<SHA-256 of the normalised e-mail>` and
 * `gsi3sk = <kind>#<pk>#<sk>`, written with the record by its one writer. Finding what an address
 * holds is one query on gsi3 (keys only, `recordsOf` below), never a scan; the index's keys
 * hold no address. What outlives the records (the suppression list, deletion requests, the audit trail)
 * names the person by a keyed hash of this one instead (`keptPersonHash`).
 */
export const RECORD_KINDS = ["signature", "report", "lead", "newsletter", "newsletterToken", "privacyToken", "heldMail"] as const;
/** The product's kinds, and those made by defineKind (kinds/define.ts). */
export type RecordKind = (typeof RECORD_KINDS)[number] | KindName;

export const personHash = (email: string) => createHash("sha256").update(normaliseEmail(email)).digest("base64url");

export const personPartition = (email: string) => `PERSON#${personHash(email)}`;

/**
 * How a person is named wherever the name is kept past their records: the suppression list (kept
 * SUPPRESSION_RETENTION_YEARS), deletion requests (DELETION_REQUEST_RECORD_DAYS) and the audit trail
 * (out of erasure's reach). An HMAC-SHA256, keyed by the stage's AUDIT_HASH_KEY, of the person index's
 * hash, base64url (43 characters). A plain SHA-256 of an address, such as `personHash` (which lives
 * and dies with the records it indexes), can be reversed by hashing candidate addresses; this cannot
 * without the key.
 *
 * One key and one HMAC for all three, on purpose: the console names a person in the suppression list,
 * in the deletion requests and in the audit trail (`person <this>`) alike, so an administrator can
 * follow one person across them, and an address typed into a console search is found in each by the
 * same computation. It is taken of `personHash`, not of the address, so the re-keying migration
 * (migrations/kept-person-rekey.ts), which finds only that hash in old items, computes it too. Throws
 * when the key is not set: every Lambda that computes it binds AUDIT_HASH_KEY (needs.ts `secretsOf`).
 */
export function keptPersonOfHash(hash: string): string {
  const key = settings().AUDIT_HASH_KEY;
  if (!key)
    throw new Error("AUDIT_HASH_KEY is not set: a person's hash kept past their records (suppression list, deletion requests, audit trail) cannot be computed");
  return createHmac("sha256", key).update(hash).digest("base64url");
}

/** The kept (keyed) hash of the person with `email` (any spelling): see `keptPersonOfHash`. */
export const keptPersonHash = (email: string) => keptPersonOfHash(personHash(email));

/** The audit trail's name for a person whose kept hash is given (a suppression entry's, a deletion request's). */
export const auditedPersonOfKept = (kept: string) => `person ${kept}`;

/** The audit trail's name for the person whose person-index hash is given: `person <kept hash>`. */
export const auditedPersonOfHash = (hash: string) => auditedPersonOfKept(keptPersonOfHash(hash));

/** The audit trail's name for the person with `email` (any spelling): `person <kept hash>`. */
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
