import { DeleteCommand } from "@aws-sdk/lib-dynamodb";
import { db, table } from "../db/client";
import type { PersonalRecordKind } from "../policy/personal-record";
import { requests } from "./listing";

/** A deletion link's token (by its hash, with the address for 24 h): erased with the person, not listed as their data. */
export const privacyTokenKind: PersonalRecordKind = {
  kind: "privacyToken",
  label: "data deletion link",
  erasure: "with the person",
  async remove(key) {
    await db().send(new DeleteCommand({ TableName: table(), Key: { pk: key.pk, sk: key.sk } }));
    return { tabs: [] };
  },
  retention: { rule: "expires (TTL)", after: "DELETION_LINK_HOURS" },
};

/** A deletion request (requests.ts): the person is a keyed hash, so an erasure keeps it as the record of itself. */
export const privacyRequestKind: PersonalRecordKind = {
  kind: "privacyRequest",
  label: "data deletion request",
  erasure: "kept: holds no address",
  retention: { rule: "expires (TTL)", after: "DELETION_REQUEST_RECORD_DAYS" },
  collection: requests,
};
