import { DeleteCommand } from "@aws-sdk/lib-dynamodb";
import { db, table } from "../db/client";
import { rowsOf } from "../exports/exportable";
import { csvFormat } from "../exports/formats";
import type { PersonalRecordKind } from "../policy/personal-record";
import { SUBSCRIBER_CSV_COLUMNS, SUBSCRIBER_LIST, subscriberCells } from "./record";
import { subscribers } from "./listing";
import { retentionStep } from "./retention";
import { erase } from "./unsubscribe";

/** Newsletter subscribers as a kind of personal record (policy/personal-record.ts; listed in privacy/kinds.ts). */
export const subscriberKind: PersonalRecordKind = {
  kind: SUBSCRIBER_LIST.name,
  label: SUBSCRIBER_LIST.label.one,
  counted: SUBSCRIBER_LIST.name,
  erasure: "with the person",
  // keyed by the address: the subscribers' one write path deletes it with its index row and unsubscribe lookup
  remove: async (_key, person) => ((await erase(person.email)) ? { tabs: [] } : undefined),
  describe: async (items) => items.map((item) => `Newsletter subscription (${String(item.status)})`),
  retention: { rule: "deleted", after: "UNCONFIRMED_SUBSCRIBER_DAYS after the latest consent, while unconfirmed", run: retentionStep },
  collection: subscribers,
};

/** A pending confirmation link's token (by its hash): erased with the person, not listed as their data. */
export const confirmationTokenKind: PersonalRecordKind = {
  kind: "newsletterToken",
  label: "newsletter confirmation link",
  erasure: "with the person",
  async remove(key) {
    await db().send(new DeleteCommand({ TableName: table(), Key: { pk: key.pk, sk: key.sk } }));
    return { tabs: [] };
  },
  // the subscribers' step above deletes those of the subscribers it removes
  retention: { rule: "expires (TTL)", after: "NEWSLETTER_CONFIRMATION_DAYS" },
};

/** The subscribers' CSV export (the export job's `subscribers`). */
export const subscriberExports = {
  subscribers: rowsOf(subscribers, "newsletter.exported", csvFormat(SUBSCRIBER_CSV_COLUMNS, subscriberCells)),
};
