import { z } from "zod";
import { event } from "../bus";

export const Events = {
  /**
   * Records left outside a sync (an administrator's deletion, a signer's withdrawal): the tabs that
   * showed them (their ids, privacy/kinds.ts) are rewritten soon, coalesced with any sync under way
   * (security review N7).
   */
  RowsRemoved: event("sheets.rows_removed", z.object({ tabs: z.array(z.string().min(1)).min(1) })),
};
