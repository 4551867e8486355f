import { z } from "zod";
import { Order, Search, containsFolded, pageOf, pageQuery, type Page } from "../util/page";
import { fn } from "../util/zod";
import type { Info } from "./input";
import { list } from "./store";

/** The admin console's list of petitions: searched, sorted and paged. */

export const SORTS = ["createdAt", "signatureCount", "goal"] as const;
export const AdminListQuery = z.object({
  search: Search,
  sort: z.enum(SORTS, { error: "Sort by createdAt, signatureCount or goal" }).default("createdAt"),
  order: Order,
  ...pageQuery(),
});
export type AdminListQuery = z.input<typeof AdminListQuery>;

/** Search (title, story, goal, signature count), sort and page, as the admin lists want them. Pure. */
export function select(petitions: Info[], q: z.output<typeof AdminListQuery>): Page<Info> {
  const matching = petitions.filter((p) => containsFolded(q.search, p.title, p.story, p.goal, p.signatureCount));
  const key = (p: Info) => (q.sort === "createdAt" ? p.createdAt : p[q.sort]);
  const sign = q.order === "asc" ? 1 : -1;
  matching.sort((a, b) => {
    const x = key(a);
    const y = key(b);
    const c = x < y ? -1 : x > y ? 1 : a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
    return c * sign;
  });
  return pageOf(matching, q.page, q.pageSize);
}

export const adminList = fn(AdminListQuery, async (q): Promise<Page<Info>> => select(await list(), q));
