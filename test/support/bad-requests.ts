import type { OutgoingHttpHeaders } from "node:http";
import { routeKey, type Route } from "../../packages/functions/src/routes";

/**
 * A seeded, deterministic generator of bad HTTP requests for any route of the route table: wrong
 * types, missing and extra fields, huge and unicode strings, bad JSON, wrong content types, path
 * and query junk. The same seed gives the same requests, so a failure can be replayed.
 */

/** mulberry32: small, fast, and the same on every machine. */
export function seeded(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return { next, int, pick: <T>(xs: readonly T[]): T => xs[int(xs.length)], chance: (p: number) => next() < p };
}
export type Rng = ReturnType<typeof seeded>;

export interface BadRequest {
  /** Position in the generated list: with the seed, enough to replay it. */
  n: number;
  route: string;
  /** What was done to a well-formed request. */
  label: string;
  method: string;
  path: string;
  headers: OutgoingHttpHeaders;
  body?: string | Buffer;
  /**
   * A request the route may accept (and so write for): well-formed, or malformed only in ways a
   * lenient route may ignore (extra fields, odd but valid strings). Every other request must be
   * refused by a write route.
   */
  mayWrite: boolean;
}

/** What a route's body looks like when it is right; routes without one get generic JSON junk. */
export interface BodyModel {
  valid(n: number): Record<string, unknown>;
  /** Dotted paths of string fields, of other fields, and of the required ones. */
  strings: string[];
  others: string[];
  required: string[];
}

/** Strings that break naive code: control, bidi and zero-width characters, lone surrogates, emoji, markup. */
export const NASTY_STRINGS = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "\udfff",
  "x\ud83dy",
  "\u202eevil\u202c",
  "\u200f\u200e",
  "\u200b\u200d\u2060",
  "\ufeff",
  "\uffff",
  "\u{10ffff}",
  "😀",
  "👨‍👩‍👧‍👦",
  "e\u0301\u0301\u0301",
  "田中",
  "مرحبا",
  "Ωmega",
  "\r\nBcc: victim@example.com",
  "\t\v\f",
  "<script>alert(1)</script>",
  "' OR '1'='1",
  "${7*7}{{7*7}}",
  '=HYPERLINK("http://example.com","x")',
  "../../etc/passwd",
  "%00%E0%A4%A",
  "\\",
  '"',
  "null",
  "__proto__",
  "URGENT: claim your refund at https://example.com",
  "A".repeat(101),
  "A".repeat(1000),
  "😀".repeat(2000),
  "x".repeat(15_000),
  "x".repeat(17_000),
];

/** Values of the wrong type for any field. */
export const WRONG_TYPES: unknown[] = [0, -1, 1.5, 1e308, true, false, null, [], ["a"], {}, { a: 1 }, [[[[[]]]]], { $ne: null }, { S: "x" }];

/** Things to put in a path segment, already as they go on the wire. */
export const SEGMENT_JUNK = [
  "%2F",
  "a%2Fb",
  "a%5Cb",
  "..",
  ".",
  "%2e%2e",
  "%2E",
  "%00",
  "a%00b",
  "%E0%A4%A",
  "%",
  "%zz",
  "%C0%AF",
  "%ED%A0%80",
  "%FF%FE",
  "%F0%9F%98%80",
  "%E2%80%AE",
  "%20",
  "+",
  "'",
  "%22",
  "%3Cscript%3E",
  "PETITION%23META",
  "x%23y",
  "a;b=c",
  "%7e",
  "%u0041",
  "%%",
  "%25",
  "%252F",
  "\u00e9",
  "a".repeat(300),
  "a".repeat(3000),
  "%41".repeat(2000),
];

const QUERY_JUNK = [
  "?",
  "?&&&",
  "?=",
  "?%",
  "?a=%E0%A4%A",
  "?%E0%A4%A=1",
  "?a[]=1&a[]=2",
  "?__proto__[admin]=1&constructor[prototype][x]=1",
  "?id=1&id=2&id=3",
  "?q=%00%ED%A0%80%F0%9F%98%80",
  `?${"a=1&".repeat(1500)}`,
  `?big=${"x".repeat(9000)}`,
];

const RAW_BODIES: (string | Buffer)[] = [
  "{",
  "}",
  '{"a":',
  "[",
  "nul",
  "undefined",
  "'{}'",
  "{'firstName':'a'}",
  '{"a":1,}',
  "{}garbage",
  "\ufeff{}",
  "1e999999",
  '"just a string"',
  "123",
  "null",
  "true",
  "[]",
  `${"[".repeat(5000)}${"]".repeat(5000)}`,
  `${'{"a":'.repeat(2000)}1${"}".repeat(2000)}`,
  '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"isAdmin":true}}}',
  Buffer.from([0xff, 0xfe, 0x00, 0x7b, 0x7d]),
  Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x7d]),
  "x".repeat(20_000),
];

const CONTENT_TYPES: (string | undefined)[] = [
  undefined,
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/json; charset=latin1",
  "APPLICATION/JSON",
  "application/jsonx",
  "application/json-patch+json",
  "*/*",
  "",
];

const HEADER_JUNK: OutgoingHttpHeaders[] = [
  { "user-agent": "x".repeat(8000) },
  { "user-agent": "" },
  { "user-agent": "Mozilla/5.0 (\u00e9\u00ff)" },
  { "cloudfront-viewer-address": "garbage" },
  { "cloudfront-viewer-address": "[2001:db8::1" },
  { "cloudfront-viewer-address": "999.999.999.999:99999" },
  { "cloudfront-viewer-address": "2001:db8::1:46532" },
  { "cloudfront-viewer-city": "%E0%A4%A", "cloudfront-viewer-country": "%00" },
  { "x-forwarded-for": "1.2.3.4, <script>" },
  { authorization: "Bearer junk" },
  { accept: "text/html" },
  { "accept-encoding": "gzip, br, zstd" },
];

const WRONG_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD"];

const EXTRA_FIELDS: Record<string, unknown>[] = [
  { isAdmin: true },
  { id: "INJECTED" },
  { petitionId: "INJECTED" },
  { signatureId: "INJECTED" },
  { pk: "INJECTED", sk: "INJECTED", type: "INJECTED" },
  { createdAt: "INJECTED" },
  { meta: { ipAddress: "INJECTED", country: "INJECTED" } },
  { emailNormalized: "INJECTED" },
  { extra: "x".repeat(5000) },
];

function getAt(obj: Record<string, unknown>, path: string): unknown {
  return path.split(".").reduce<unknown>((o, k) => (o && typeof o === "object" ? (o as Record<string, unknown>)[k] : undefined), obj);
}

function setAt(obj: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const copy = structuredClone(obj);
  const keys = path.split(".");
  let o = copy;
  for (const k of keys.slice(0, -1)) {
    if (!o[k] || typeof o[k] !== "object") o[k] = {};
    o = o[k] as Record<string, unknown>;
  }
  if (value === undefined) delete o[keys.at(-1)!];
  else o[keys.at(-1)!] = value;
  return copy;
}

/** Random JSON of any shape, for routes whose body we know nothing about. */
function randomJson(rng: Rng, depth = 0): unknown {
  const kind = rng.int(depth > 2 ? 4 : 6);
  if (kind === 0) return rng.pick(NASTY_STRINGS);
  if (kind === 1) return rng.pick(WRONG_TYPES);
  if (kind === 2) return rng.next() * 10 ** rng.int(20) * (rng.chance(0.5) ? -1 : 1);
  if (kind === 3) return rng.chance(0.5);
  if (kind === 4) return Array.from({ length: rng.int(4) }, () => randomJson(rng, depth + 1));
  return Object.fromEntries(
    Array.from({ length: rng.int(5) }, () => [
      rng.pick(["a", "id", "email", "goal", "__proto__", "constructor", rng.pick(NASTY_STRINGS).slice(0, 20)]),
      randomJson(rng, depth + 1),
    ]),
  );
}

interface Options {
  seed: number;
  /** How many requests per route (at least; the fixed cases come first). */
  perRoute: (route: Route) => number;
  /** A real value for each path parameter, so well-formed requests reach the domain. */
  param: (route: Route, name: string) => string;
  bodies: Record<string, BodyModel>;
}

const JSON_HEADERS = { "content-type": "application/json" };
const hasBody = (method: string) => !["GET", "HEAD", "DELETE", "OPTIONS"].includes(method);

/** The bad requests for one route, `n` numbered from `start`. */
export function badRequestsFor(route: Route, opts: Options, start = 0): BadRequest[] {
  const rng = seeded(opts.seed ^ hash(routeKey(route)));
  const key = routeKey(route);
  const model = opts.bodies[key];
  const params = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  const pathWith = (values: Record<string, string> = {}) =>
    route.path.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? encodeURIComponent(opts.param(route, name)));
  let unique = 0;
  const validBody = () => model?.valid(start + unique++) ?? {};
  const out: Omit<BadRequest, "n" | "route">[] = [];
  const add = (r: Partial<Omit<BadRequest, "n" | "route">> & { label: string }) =>
    out.push({ method: route.method, path: pathWith(), headers: JSON_HEADERS, mayWrite: false, ...r });
  const json = (value: unknown) => JSON.stringify(value);

  // Fixed cases: every junk value once.
  for (const name of params)
    for (const junk of SEGMENT_JUNK)
      add({
        label: `path {${name}} = ${junk.slice(0, 40)}`,
        path: pathWith({ [name]: junk }),
        body: hasBody(route.method) ? json(validBody()) : undefined,
        mayWrite: hasBody(route.method),
      });
  const p = pathWith();
  for (const path of [
    `${p}/`,
    `/${p}`,
    p.replace("/api/", "//api//"),
    `${p}/..`,
    `${p}/./`,
    `${p}/%2e%2e/%2e%2e`,
    p.replace("/api/", "/api/./"),
    p.replace("/api/", "/api/x/../"),
    `${p}%2F`,
    `${p};x=1`,
    `${p}#frag`,
    p.toUpperCase(),
    p.replace("api", "%61pi"),
    `${p}${"/x".repeat(2000)}`,
    `${p}/${"%2e%2e/".repeat(50)}`,
  ]) {
    add({ label: `path ${path.slice(0, 60)}`, path, body: hasBody(route.method) ? json(validBody()) : undefined, mayWrite: hasBody(route.method) });
  }
  for (const q of QUERY_JUNK)
    add({ label: `query ${q.slice(0, 40)}`, path: p + q, body: hasBody(route.method) ? json(validBody()) : undefined, mayWrite: hasBody(route.method) });
  for (const method of WRONG_METHODS.filter((m) => m !== route.method))
    add({ label: `method ${method}`, method, body: hasBody(method) ? json(validBody()) : undefined });
  for (const h of HEADER_JUNK)
    add({
      label: `headers ${Object.keys(h).join(",")}`,
      headers: { ...JSON_HEADERS, ...h },
      body: hasBody(route.method) ? json(validBody()) : undefined,
      mayWrite: hasBody(route.method),
    });
  for (const raw of RAW_BODIES) add({ label: `raw body ${JSON.stringify(raw.toString().slice(0, 30))}`, body: raw });
  for (const type of CONTENT_TYPES) {
    const headers = type === undefined ? {} : { "content-type": type };
    // until the 415 for non-JSON bodies lands, a JSON body with another content type may still be taken
    add({ label: `content-type ${type}`, headers, body: json(validBody()), mayWrite: hasBody(route.method) });
    add({ label: `content-type ${type}, form body`, headers, body: "firstName=a&lastName=b&email=c%40example.com" });
  }
  if (model) {
    const fields = [...model.strings, ...model.others];
    for (const f of model.required) add({ label: `missing ${f}`, body: json(setAt(validBody(), f, undefined)) });
    for (const f of fields.filter((x) => !model.required.includes(x)))
      add({ label: `without optional ${f}`, body: json(setAt(validBody(), f, undefined)), mayWrite: true });
    for (const f of fields) {
      for (const v of WRONG_TYPES) {
        // null for an optional field may reasonably mean "absent"
        const lenient = v === null && !model.required.includes(f);
        if (typeof getAt(validBody(), f) === typeof v && !Array.isArray(v) && v !== null) continue;
        add({ label: `${f} = ${JSON.stringify(v)}`, body: json(setAt(validBody(), f, v)), mayWrite: lenient });
      }
    }
    for (const f of model.strings)
      for (const s of NASTY_STRINGS)
        add({
          label: `${f} = ${JSON.stringify(s.slice(0, 30))}${s.length > 30 ? `…(${s.length})` : ""}`,
          body: json(setAt(validBody(), f, s)),
          mayWrite: true,
        });
    for (const extra of EXTRA_FIELDS) add({ label: `extra ${Object.keys(extra).join(",")}`, body: json({ ...validBody(), ...extra }), mayWrite: true });
    add({ label: "well-formed", body: json(validBody()), mayWrite: true });
    add({ label: "well-formed, sent twice (duplicate)", body: json(model.valid(-1)), mayWrite: true });
    add({ label: "well-formed, sent twice (duplicate)", body: json(model.valid(-1)), mayWrite: true });
  } else if (hasBody(route.method)) {
    for (let i = 0; i < 40; i++) add({ label: "random JSON", body: json(randomJson(rng)), mayWrite: true });
  }

  // Random combinations until the quota: a well-formed request with one to three things wrong.
  const shape = model?.valid(0);
  while (out.length < opts.perRoute(route)) {
    let body: unknown = model ? validBody() : hasBody(route.method) ? randomJson(rng) : undefined;
    let path = pathWith();
    let headers: OutgoingHttpHeaders = { ...JSON_HEADERS };
    let raw: string | Buffer | undefined;
    /** fields holding a value of the wrong type, until a later change overwrites them */
    const wrong = new Set<string>();
    /** Setting `f` replaces what was at and under it, and a parent that is not an object (setAt makes it one). */
    const overwrite = (f: string) => {
      for (const w of [...wrong]) {
        const parent = f.startsWith(`${w}.`) ? getAt(body as Record<string, unknown>, w) : undefined;
        if (w === f || w.startsWith(`${f}.`) || (f.startsWith(`${w}.`) && (!parent || typeof parent !== "object"))) wrong.delete(w);
      }
    };
    const labels: string[] = [];
    for (let k = 1 + rng.int(3); k > 0; k--) {
      let what = rng.int(model ? 7 : 4);
      // a body without string fields has none to fill with nasty text: a wrong type instead
      if (what === 4 && model && model.strings.length === 0) what = 5;
      if (what === 0 && params.length) {
        const name = rng.pick(params);
        const junk = rng.pick(SEGMENT_JUNK);
        path = pathWith({ [name]: junk });
        labels.push(`{${name}}=${junk.slice(0, 20)}`);
      } else if (what === 1) {
        const q = rng.pick(QUERY_JUNK);
        path += q;
        labels.push(`query ${q.slice(0, 20)}`);
      } else if (what === 2) {
        const h = rng.pick(HEADER_JUNK);
        headers = { ...headers, ...h };
        labels.push(`headers ${Object.keys(h).join(",")}`);
      } else if (what === 3) {
        raw = rng.pick(RAW_BODIES);
        labels.push("raw body");
      } else if (what === 4) {
        const f = rng.pick(model!.strings);
        const s = rng.chance(0.5) ? rng.pick(NASTY_STRINGS) : Array.from({ length: 1 + rng.int(40) }, () => rng.pick(NASTY_STRINGS).slice(0, 3)).join("");
        overwrite(f);
        body = setAt(body as Record<string, unknown>, f, s);
        labels.push(`${f} nasty`);
      } else if (what === 5) {
        const f = rng.pick([...model!.strings, ...model!.others]);
        const v = rng.pick(WRONG_TYPES);
        // as in the fixed cases: a value of the field's own type (true for a boolean, {} for an object) may be right
        const sameType = typeof getAt(shape!, f) === typeof v && !Array.isArray(v) && v !== null;
        overwrite(f);
        body = setAt(body as Record<string, unknown>, f, v);
        if (!sameType && !(v === null && !model!.required.includes(f))) wrong.add(f);
        labels.push(`${f}=${JSON.stringify(v)}`);
      } else {
        body = { ...(body as Record<string, unknown>), ...rng.pick(EXTRA_FIELDS) };
        labels.push("extra fields");
      }
    }
    add({
      label: `random: ${labels.join("; ")}`,
      path,
      headers,
      body: raw ?? (body === undefined ? undefined : json(body)),
      mayWrite: hasBody(route.method) && raw === undefined && wrong.size === 0,
    });
  }
  return out.map((r, i) => ({ ...r, n: start + i, route: key }));
}

function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** A failing request, short enough to read and complete enough to replay. */
export function describeRequest(r: BadRequest): string {
  const body =
    r.body === undefined
      ? ""
      : Buffer.isBuffer(r.body)
        ? `<bytes ${r.body.toString("hex").slice(0, 80)}>`
        : r.body.length > 300
          ? `${r.body.slice(0, 300)}…(${r.body.length} chars)`
          : r.body;
  const path = r.path.length > 200 ? `${r.path.slice(0, 200)}…(${r.path.length} chars)` : r.path;
  return `#${r.n} [${r.label}] ${r.method} ${path} ${JSON.stringify(r.headers).slice(0, 200)} ${body}`;
}
