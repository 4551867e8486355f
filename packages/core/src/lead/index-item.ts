import { countShardUpdate, indexCreation, indexRemoval, randomShard } from "../collection/count-shards";
import { Keys } from "../db/keys";
import { declaredIndex } from "../kinds/declared-index";
import type { LeadForm } from "./forms";
import type { Info } from "./info";
import { LEAD_RECORD, toRow } from "./record";

/**
 * The admin lead index (collection/index-definition.ts): one item per submission, written in the
 * submission's transaction (and by imports), deleted with it. pk `LEADIDX#<form>#<bucket>`, sk =
 * submission id, the row's other fields packed into `r` (~300 bytes). Beside them, per form, the
 * count (shards `LEADS#<form>/COUNT#k`, as a petition's). A form is the collection's part.
 */
export const { COLLECTION, layout, ORDERS, NAME_SEARCH, encodeRow, decodeRow, indexItem } = declaredIndex(LEAD_RECORD.admin, {
  collection: LEAD_RECORD.plural,
  type: "leadIndex",
  parts: { field: "form", partition: Keys.leadIndexPartition, searchPart: Keys.leadIndexPart },
  fields: LEAD_RECORD.admin.fields,
  toRow,
});

export const indexKey = (form: LeadForm, leadId: string) => layout.key(form, leadId);

/** ADD `n` (negative to subtract) to one of the form's count shards. */
export const countUpdate = (form: LeadForm, n: number, shard = randomShard()) => countShardUpdate(Keys.leadCountShard(form, shard), "leadCount", n);

/** What a new submission's transaction writes for the admin list: its index row and +1 on a count shard. */
export const creationItems = (lead: Info) => indexCreation(indexItem(lead), countUpdate(lead.form, 1));

/** What a submission's removal deletes and changes beside the submission itself. */
export const removalItems = (lead: Pick<Info, "id" | "form">) => indexRemoval(indexKey(lead.form, lead.id), countUpdate(lead.form, -1));
