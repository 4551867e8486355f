import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { encodeCursor, MAX_SKIPPED_ROWS, PastSkipLimit } from "../src/collection/cursor";
import type { NamedRows, RowRef } from "../src/collection/def";
import { idOrder, partOrder, textOrder } from "../src/collection/orders";
import { planOf, planPage, type PageSelection, type PlanRules, type Selection } from "../src/collection/plan";
import { ValidationError } from "../src/util/error";
import { resolveLocal, runtimeSpecifiers } from "../../../test/support/imports";

/**
 * The query plan of an admin collection (collection/plan.ts): which source serves a selection and
 * with what parameters, decided without I/O. Each source is chosen for the selection that needs it.
 */
interface Row {
  id: string;
  desk: string;
  title: string;
  status: string;
}

const ORDERS = {
  createdAt: idOrder<Row>(),
  title: textOrder<Row>(1, (r) => r.title),
  desk: partOrder<Row>((r) => r.desk),
};
type Sort = keyof typeof ORDERS;
type Query = Selection<Sort> & { desk?: string; status?: string };

const ID = "0lz8k2m3n4p5q6r7s8t9u";
const byId = (needle: string, desk: string | undefined): NamedRows | undefined => (needle === ID ? [{ part: desk ?? "east", id: needle }] : undefined);

/** A collection with every source: the person index, ids, name keys. */
const rules: PlanRules<Row, Sort> = {
  orders: ORDERS,
  scopeOf: (q) => (q as Query).desk,
  predicate: (q) => {
    const { status } = q as Query;
    return status ? (r) => r.status === status : undefined;
  },
  byPerson: true,
  named: byId,
  nameSearch: true,
};

const select = (extra: Partial<Query> = {}): Query => ({ search: "", sort: "createdAt", order: "desc", ...extra });
const page = (extra: Partial<Query & PageSelection<Sort>> = {}): Query & PageSelection<Sort> => ({ ...select(), page: 1, pageSize: 50, ...extra });

describe("no search: the table", () => {
  it("reads the id order from the index rows' sort key, another order from its slot's index, the part order part by part", () => {
    expect(planOf(rules, select())).toMatchObject({ source: "table", read: { by: "id" }, sort: "createdAt", order: "desc", position: { skip: 0 } });
    expect(planOf(rules, select({ sort: "title", order: "asc" }))).toMatchObject({ source: "table", read: { by: "order", slot: 1 }, order: "asc" });
    expect(planOf(rules, select({ sort: "desk" }))).toMatchObject({ source: "table", read: { by: "part" } });
  });

  it("reads the id order from the collection's own source when it has one (newestFirst), no other order", () => {
    const withNewest = { ...rules, newestFirst: true };
    expect(planOf(withNewest, select())).toMatchObject({ source: "table", read: { by: "newestFirst" } });
    expect(planOf(withNewest, select({ sort: "title" }))).toMatchObject({ source: "table", read: { by: "order", slot: 1 } });
  });

  it("takes the scope and the filters' predicate from the selection, and keeps the selection for its counters", () => {
    const q = select({ desk: "west", status: "new" });
    const plan = planOf(rules, q);
    expect(plan).toMatchObject({ source: "table", scope: "west", selection: q });
    expect(plan.keep?.({ id: "a", desk: "west", title: "", status: "new" })).toBe(true);
    expect(plan.keep?.({ id: "a", desk: "west", title: "", status: "spam" })).toBe(false);
    expect(planOf(rules, select()).keep).toBeUndefined();
    expect(planOf(rules, select({ search: "   " })).source).toBe("table");
  });
});

describe("a table page's position", () => {
  it("passes over the pages before a numbered page", () => {
    expect(planPage(rules, page({ page: 3, pageSize: 50 }))).toMatchObject({ source: "table", position: { skip: 100 } });
  });

  it("goes on after a cursor, or ends before one (which wins)", () => {
    const after = encodeCursor("createdAt", "desc", "k1");
    const before = encodeCursor("createdAt", "desc", "k2");
    expect(planPage(rules, page({ page: 4, after }))).toMatchObject({ position: { after: "k1", skip: 0 } });
    expect(planPage(rules, page({ after, before }))).toMatchObject({ position: { before: "k2" } });
  });

  it("starts over from a cursor of another sort or order, and refuses a malformed one", () => {
    const other = encodeCursor("title", "desc", "k1");
    expect(planPage(rules, page({ page: 2, after: other }))).toMatchObject({ position: { after: undefined, skip: 50 } });
    expect(() => planPage(rules, page({ after: "not-a-cursor" }))).toThrow(ValidationError);
  });

  it("refuses a numbered page past MAX_SKIPPED_ROWS", () => {
    expect(() => planPage(rules, page({ page: MAX_SKIPPED_ROWS / 50 + 2, pageSize: 50 }))).toThrow(PastSkipLimit);
  });

  it("is no concern of a search: its page is cut from the rows it finds", () => {
    const plan = planPage(rules, page({ search: "mary", page: 900, after: "not-a-cursor" }));
    expect(plan.source).toBe("name");
    expect(plan).not.toHaveProperty("position");
  });
});

describe("a search", () => {
  it("by a whole e-mail address: the person index, the address as typed lower-cased", () => {
    expect(planOf(rules, select({ search: "  Mary.Smith@Example.com " }))).toMatchObject({ source: "person", email: "mary.smith@example.com" });
  });

  it("by an e-mail address where the person index does not know the kind: what the kind names, else the name keys", () => {
    const named = (needle: string): NamedRows | undefined => (needle.includes("@") ? () => Promise.resolve([]) : undefined);
    expect(planOf({ ...rules, byPerson: false, named }, select({ search: "a@b.example" })).source).toBe("ids");
    expect(planOf({ ...rules, byPerson: false }, select({ search: "a@b.example" })).source).toBe("name");
  });

  it("by what the kind names rows by (an id): those rows, in the scope asked", () => {
    expect(planOf(rules, select({ search: ID, desk: "west" }))).toMatchObject({ source: "ids", scope: "west", refs: [{ part: "west", id: ID }] });
  });

  it("by a reference the kind looks up: the lookup is planned, not run", () => {
    let looked = 0;
    const lookup = (): Promise<RowRef[]> => {
      looked++;
      return Promise.resolve([]);
    };
    const plan = planOf({ ...rules, named: (needle) => (needle.startsWith("tsr") ? lookup : undefined) }, select({ search: "TSR-7K3M" }));
    expect(plan).toMatchObject({ source: "ids", refs: lookup });
    expect(looked).toBe(0);
  });

  it("by anything else: the name keys, each word's start, the longest three looked up", () => {
    const plan = planOf(rules, select({ search: "Émile de la Tour de France", sort: "title", order: "asc", status: "new" }));
    expect(plan).toMatchObject({
      source: "name",
      sort: "title",
      order: "asc",
      words: ["emile", "de", "la", "tour", "france"],
      probes: ["france", "emile", "tour"],
    });
    expect(plan.keep).toBeTypeOf("function");
  });

  it("that nothing answers: no rows", () => {
    expect(planOf({ ...rules, nameSearch: false }, select({ search: "mary" })).source).toBe("none");
    expect(planOf({ orders: ORDERS }, select({ search: "a@b.example" })).source).toBe("none");
    expect(planOf({ orders: ORDERS }, select({ search: ID })).source).toBe("none");
  });
});

describe("the plan's module", () => {
  /** The files a file imports at run time, transitively, and the packages among them. */
  function reach(file: string, seen = new Set<string>(), packages = new Set<string>()) {
    seen.add(file);
    for (const specifier of runtimeSpecifiers(file)) {
      const local = resolveLocal(file, specifier);
      if (!local) packages.add(specifier);
      else if (!seen.has(local)) reach(local, seen, packages);
    }
    return packages;
  }

  it("reaches no AWS client: it decides, the sources read", () => {
    const packages = [...reach(resolve(__dirname, "../src/collection/plan.ts"))];
    expect(packages.filter((p) => p.startsWith("@aws-sdk"))).toEqual([]);
  });
});
