import { indexLayout, packedCodec } from "../collection/index-rows";
import { nameIndex, searchAttributes } from "../collection/name-index";
import { idOrder, lastWordKey, orderAttributes, textOrder } from "../collection/orders";
import { settings } from "../config";
import { table } from "../db/client";
import { INDEX_BUCKETS, Keys } from "../db/keys";
import type { LeadForm } from "./forms";
import type { Info } from "./info";
import { toRow, type LeadRow } from "./row";

/**
 * The admin lead index (collection/index-rows.ts): one item per submission, written in the
 * submission's transaction (and by imports), deleted with it. pk `LEADIDX#<form>#<bucket>`, sk =
 * submission id, the row's other fields packed into `r` (~300 bytes). Beside them, per form, the
 * count (shards `LEADS#<form>/COUNT#k`, as a petition's). A form is the collection's part.
 */
const FIELDS = [
  "fullName",
  "email",
  "newsletterConsent",
  "createdDate",
  "createdTime",
  "createdAt",
  "browser",
  "deviceType",
  "screenResolution",
  "language",
  "timezone",
  "city",
  "region",
  "country",
  "ipAddress",
] as const satisfies readonly (keyof LeadRow)[];

export const COLLECTION = "leads";
export const INDEX_TYPE = "leadIndex";

export const layout = indexLayout({ type: INDEX_TYPE, buckets: INDEX_BUCKETS, partition: Keys.leadIndexPartition });
const codec = packedCodec<LeadRow, (typeof FIELDS)[number]>(FIELDS, (form, id) => ({ id, form: form as LeadForm }));

export const indexKey = (form: LeadForm, leadId: string) => layout.key(form, leadId);
export const encodeRow = codec.encode;
export const decodeRow = codec.decode;

/** The list's sort orders: the id's, and one slot each for the others (collection/orders.ts). */
export const ORDERS = {
  createdAt: idOrder<LeadRow>(),
  fullName: textOrder<LeadRow>(1, (r) => r.fullName),
  email: textOrder<LeadRow>(2, (r) => r.email),
};

/** Search-only: the name from its last word. */
const SEARCH_KEYS = { fullNameLast: lastWordKey<LeadRow>(3, (r) => r.fullName) };

/** What a name search matches from the start: the name (first and last word) and the e-mail. */
export const NAME_SEARCH = nameIndex(Keys.leadIndexPart, [ORDERS.fullName, SEARCH_KEYS.fullNameLast, ORDERS.email]);

export function indexItem(lead: Info) {
  const row = toRow(lead);
  return {
    ...layout.item(lead.form, lead.id, encodeRow(row)),
    ...orderAttributes({ ...ORDERS, ...SEARCH_KEYS }, row),
    ...searchAttributes(NAME_SEARCH, lead.form, row),
  };
}

/** A random count shard: concurrent submissions rarely contend for one (a conflict is retried on another draw). */
export const randomShard = () => Math.floor(Math.random() * settings().COUNTER_SHARDS);

/** ADD `n` (negative to subtract) to one of the form's count shards. */
export function countUpdate(form: LeadForm, n: number, shard = randomShard()) {
  return {
    Update: {
      TableName: table(),
      Key: Keys.leadCountShard(form, shard),
      UpdateExpression: "ADD #count :n SET #type = :type",
      ExpressionAttributeNames: { "#count": "count", "#type": "type" },
      ExpressionAttributeValues: { ":n": n, ":type": "leadCount" },
    },
  };
}

/** What a new submission's transaction writes for the admin list: its index row and +1 on a count shard. */
export function creationItems(lead: Info) {
  return [{ Put: { TableName: table(), Item: indexItem(lead) } }, countUpdate(lead.form, 1)];
}

/** What a submission's removal deletes and changes beside the submission itself. */
export function removalItems(lead: Pick<Info, "id" | "form">) {
  return [{ Delete: { TableName: table(), Key: indexKey(lead.form, lead.id) } }, countUpdate(lead.form, -1)];
}
