import { generateKeyPairSync, randomUUID, verify } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { Audit } from "@site/core/audit";
import { Bus } from "@site/core/bus";
import { resetSettings, settings } from "@site/core/config";
import { Sheets, SheetsError } from "@site/core/sheets";
import { DRIVE_SCOPE, SCOPE } from "@site/core/sheets/google-api";
import { MAX_REQUEST_BYTES, ROWS_PER_REQUEST } from "@site/core/sheets/google";
import * as GoogleFile from "@site/core/sheets/google-file";
import { SIGNATURE_COLUMNS } from "@site/core/signature/record";
import { SIGNATURES_TAB, signaturesTab } from "@site/core/signature/sheet";
import { Signature } from "@site/core/signature";
import { Events as SyncEvents } from "@site/core/sheets/sync-job";
import { Job } from "@site/core/jobs";
import { db, table } from "@site/core/db/client";
import { Keys } from "@site/core/db/keys";
import { DeleteCommand, GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import { stream } from "@site/core/signature/listing";
import { toCsv } from "@site/core/util/csv";
import { useOwnTable } from "../support/own-table";
import { handler as startSync } from "../../packages/functions/src/http/admin-sheets-sync-signatures";
import { handler as jobGet } from "../../packages/functions/src/http/admin-job-get";
import { handler as sheetsSyncJob } from "../../packages/functions/src/events/sheets-sync-job";
import { handler as sign } from "../../packages/functions/src/http/signature-create";
import { handler as sheetSync } from "../../packages/functions/src/events/signature-sheet-sync";
import { handler as resync } from "../../packages/functions/src/events/sheets-resync";
import { handler as deleteSignature } from "../../packages/functions/src/http/admin-signature-delete";
import { freePort } from "../../scripts/local/ports";
import { FakeBook } from "../support/fake-sheets";
import { newPetition, signer } from "../support/fixtures";
import { call, httpEvent } from "../support/http";
import { collect } from "../support/rows";

// ---------------------------------------------------------------------------------------------
// A stand-in for Google on 127.0.0.1: the OAuth token endpoint and the parts of the Sheets and Drive
// APIs the adapters use. It checks what a real one would (a JWT bearer grant signed by the service
// account's key, a Bearer token it issued, with the scope the call needs) and records every request.

/** A throw-away service account: the key pair exists only for this test run. */
const keys = generateKeyPairSync("rsa", {
  modulusLength: 2048,
  privateKeyEncoding: { type: "pkcs8", format: "pem" },
  publicKeyEncoding: { type: "spki", format: "pem" },
});
const SERVICE_EMAIL = "sync@test-project.iam.gserviceaccount.com";
const serviceAccount = JSON.stringify({
  type: "service_account",
  client_email: SERVICE_EMAIL,
  private_key: keys.privateKey,
  token_uri: "https://oauth2.googleapis.com/token",
});

interface Received {
  method: string;
  path: string;
  query: URLSearchParams;
  authorization?: string;
  body: any;
}

let server: Server;
let base: string;
const received: Received[] = [];
const issued = new Set<string>();
/** Token → the scopes its grant asked for. */
const scopesOf = new Map<string, string[]>();
const spreadsheets = new Map<string, FakeBook>();
/** Spreadsheets deleted through the Drive: gone, version history and all. */
const deletedFiles = new Set<string>();

/** A file of the fake Drive: a spreadsheet (its content in `spreadsheets`) in a shared drive's folder. */
interface FakeFile {
  id: string;
  name: string;
  mimeType: string;
  parents: string[];
  appProperties: Record<string, string>;
}
const driveFiles = new Map<string, FakeFile>();
/** Folders of a shared drive where the service account is a Manager. */
const folders = new Set<string>();
let fileCount = 0;
/** Answers a Drive request with this status instead of applying it (a failure at a chosen step). */
let refuseDrive: ((r: Received) => number | undefined) | undefined;
/** Spreadsheet ids whose writes fail as if the service account lost access. */
const readOnly = new Set<string>();
/** Spreadsheet id → how many values.update still answer 503 (Google's transient "try again"). */
const unavailable = new Map<string, number>();
let refuseGrants = false;
/** Spreadsheet id → ms every values.update waits before answering (a slow or hung Google). */
const slow = new Map<string, number>();
/** Answers a batchUpdate with this status instead of applying it (a failure at a chosen step). */
let refuseBatch: ((requests: any[]) => number | undefined) | undefined;
/** Runs before a values.update is applied, e.g. to look at a job's progress mid-sync. */
let beforeUpdate: ((r: Received) => Promise<void>) | undefined;

const book = (id: string) => {
  let b = spreadsheets.get(id);
  if (!b) spreadsheets.set(id, (b = new FakeBook()));
  return b;
};
/** `'Sign''s'!A12` → ["Sign's", 12] */
function parseRange(range: string): [string, number] {
  const m = /^'((?:[^']|'')*)'(?:!A(\d+))?$/.exec(range);
  if (!m) throw new Error(`unexpected range ${range}`);
  return [m[1].replace(/''/g, "'"), Number(m[2] ?? 1)];
}

function answer(res: import("node:http").ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}
const googleError = (code: number, message: string, status: string) => ({ error: { code, message, status } });

function verifyAssertion(assertion: string) {
  const [header, payload, signature] = assertion.split(".");
  const valid = verify("RSA-SHA256", Buffer.from(`${header}.${payload}`), keys.publicKey, Buffer.from(signature, "base64url"));
  return { valid, header: JSON.parse(Buffer.from(header, "base64url").toString()), claims: JSON.parse(Buffer.from(payload, "base64url").toString()) };
}

function handle(r: Received, res: import("node:http").ServerResponse) {
  if (r.path === "/token") {
    const form = new URLSearchParams(r.body);
    const { valid, claims } = verifyAssertion(form.get("assertion") ?? "..");
    if (refuseGrants || form.get("grant_type") !== "urn:ietf:params:oauth:grant-type:jwt-bearer" || !valid || claims.iss !== SERVICE_EMAIL) {
      return answer(res, 400, { error: "invalid_grant", error_description: "Invalid JWT Signature." });
    }
    const token = `ya29.fake-${randomUUID()}`;
    issued.add(token);
    scopesOf.set(token, String(claims.scope ?? "").split(" "));
    return answer(res, 200, { access_token: token, expires_in: 3599, token_type: "Bearer" });
  }
  if (r.path.startsWith("/drive/v3/")) return handleDrive(r, res);
  const m = /^\/v4\/spreadsheets\/([^/:]+)(?::batchUpdate|\/values\/([^:]+)(:clear)?)?$/.exec(r.path);
  if (!m) return answer(res, 404, googleError(404, "Not found", "NOT_FOUND"));
  if (!issued.has(r.authorization?.replace(/^Bearer /, "") ?? "")) {
    return answer(res, 401, googleError(401, "Request had invalid authentication credentials.", "UNAUTHENTICATED"));
  }
  const id = decodeURIComponent(m[1]);
  if (deletedFiles.has(id)) return answer(res, 404, googleError(404, "Requested entity was not found.", "NOT_FOUND"));
  const sheets = book(id);
  const send = (o: { status: number; body: unknown }) => answer(res, o.status, o.status === 200 ? { spreadsheetId: id, ...(o.body as object) } : o.body);
  if (r.method === "GET" && !m[2] && !r.path.endsWith(":batchUpdate")) return answer(res, 200, sheets.properties());
  if (readOnly.has(id) && r.method !== "GET") return answer(res, 403, googleError(403, "The caller does not have permission", "PERMISSION_DENIED"));
  if (r.method === "POST" && r.path.endsWith(":batchUpdate")) {
    const refused = refuseBatch?.(r.body.requests);
    if (refused) return answer(res, refused, googleError(refused, "Internal error encountered.", "INTERNAL"));
    return send(sheets.batchUpdate(r.body.requests));
  }
  const [tab, row] = parseRange(decodeURIComponent(m[2]));
  if (!sheets.tab(tab)) return answer(res, 400, googleError(400, `Unable to parse range: ${m[2]}`, "INVALID_ARGUMENT"));
  if (r.method === "POST" && m[3]) return send(sheets.clear(tab));
  if (r.method === "PUT") {
    const outages = unavailable.get(id) ?? 0;
    if (outages > 0) {
      unavailable.set(id, outages - 1);
      return answer(res, 503, googleError(503, "The service is currently unavailable.", "UNAVAILABLE"));
    }
    return send(sheets.write(tab, row, r.body.values));
  }
  return answer(res, 405, googleError(405, "Method not allowed", "INVALID_ARGUMENT"));
}

/** `'a\'b'` in a Drive query → a'b */
const unquote = (literal: string) => literal.replace(/\\(.)/g, "$1");
const QUOTED = "'((?:[^'\\\\]|\\\\.)*)'";
/** The one query the adapter sends: its files of a folder for a tab. */
const LIST_QUERY = new RegExp(`^${QUOTED} in parents and trashed = false and appProperties has \\{ key=${QUOTED} and value=${QUOTED} \\}$`);

/**
 * The Drive calls of a fresh file per sync (files.create, list, update, delete), on shared-drive
 * folders: they need the drive scope and supportsAllDrives=true (without it Drive answers 404 for a
 * shared drive's items). Deleting a file deletes its spreadsheet, history and all.
 */
function handleDrive(r: Received, res: import("node:http").ServerResponse) {
  const m = /^\/drive\/v3\/files(?:\/([^/]+))?$/.exec(r.path);
  if (!m) return answer(res, 404, googleError(404, "Not found", "NOT_FOUND"));
  const token = r.authorization?.replace(/^Bearer /, "") ?? "";
  if (!issued.has(token)) return answer(res, 401, googleError(401, "Request had invalid authentication credentials.", "UNAUTHENTICATED"));
  if (!scopesOf.get(token)?.includes(DRIVE_SCOPE))
    return answer(res, 403, googleError(403, "Request had insufficient authentication scopes.", "PERMISSION_DENIED"));
  const refused = refuseDrive?.(r);
  if (refused)
    return answer(
      res,
      refused,
      googleError(refused, refused === 403 ? "The user does not have sufficient permissions for this file." : "Internal error encountered.", "ERROR"),
    );
  const id = m[1] === undefined ? undefined : decodeURIComponent(m[1]);
  if (r.query.get("supportsAllDrives") !== "true") return answer(res, 404, googleError(404, `File not found: ${id ?? r.body?.parents?.[0]}.`, "notFound"));
  if (id === undefined && r.method === "POST") {
    const { name, mimeType, parents, appProperties } = r.body;
    if (mimeType !== GoogleFile.SPREADSHEET_MIME) return answer(res, 400, googleError(400, "unexpected mimeType", "badRequest"));
    if (parents?.length !== 1 || !folders.has(parents[0])) return answer(res, 404, googleError(404, `File not found: ${parents?.[0]}.`, "notFound"));
    const file: FakeFile = { id: `file-${++fileCount}-${randomUUID().slice(0, 6)}`, name, mimeType, parents, appProperties: appProperties ?? {} };
    driveFiles.set(file.id, file);
    spreadsheets.set(file.id, new FakeBook());
    return answer(res, 200, { id: file.id });
  }
  if (id === undefined && r.method === "GET") {
    const q = LIST_QUERY.exec(r.query.get("q") ?? "");
    if (!q || r.query.get("corpora") !== "allDrives" || r.query.get("includeItemsFromAllDrives") !== "true") {
      return answer(res, 400, googleError(400, `unexpected list ${r.query}`, "badRequest"));
    }
    const [folder, key, value] = [q[1], q[2], q[3]].map(unquote);
    const all = [...driveFiles.values()].filter((f) => f.parents.includes(folder) && f.appProperties[key] === value);
    const from = Number(r.query.get("pageToken") ?? 0);
    const size = Number(r.query.get("pageSize") ?? 100);
    const next = from + size < all.length ? String(from + size) : undefined;
    return answer(res, 200, { files: all.slice(from, from + size).map((f) => ({ id: f.id })), ...(next ? { nextPageToken: next } : {}) });
  }
  const file = id === undefined ? undefined : driveFiles.get(id);
  if (!file) return answer(res, 404, googleError(404, `File not found: ${id}.`, "notFound"));
  if (r.method === "PATCH") {
    file.name = r.body.name ?? file.name;
    return answer(res, 200, { id: file.id });
  }
  if (r.method === "DELETE") {
    driveFiles.delete(file.id);
    spreadsheets.delete(file.id);
    deletedFiles.add(file.id);
    res.writeHead(204);
    return res.end();
  }
  return answer(res, 405, googleError(405, "Method not allowed", "badRequest"));
}

beforeAll(async () => {
  // a table of its own: the sync of "all petitions" announces a count, then writes the rows it reads,
  // and other files signing meanwhile would make the two differ
  await useOwnTable("sheets");
  const port = await freePort();
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => void answerRequest());
    async function answerRequest() {
      const body = Buffer.concat(chunks).toString("utf8");
      const url = new URL(req.url ?? "/", "http://fake");
      const json = (req.headers["content-type"] ?? "").includes("json");
      const r: Received = {
        method: req.method ?? "GET",
        path: url.pathname,
        query: url.searchParams,
        authorization: req.headers.authorization,
        body: json && body ? JSON.parse(body) : body,
      };
      received.push(r);
      if (r.method === "PUT") {
        const id = decodeURIComponent(r.path.split("/")[3] ?? "");
        if (slow.has(id)) await new Promise((done) => setTimeout(done, slow.get(id)));
        await beforeUpdate?.(r);
      }
      if (!res.destroyed) handle(r, res);
    }
  });
  await new Promise<void>((r) => server.listen(port, "127.0.0.1", r));
  base = `http://127.0.0.1:${port}`;
  // These tests deliver events to the subscribers themselves; the ones published are kept here.
  Bus.deliverLocallyWith((envelope) => published.push(envelope));
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((r) => server.close(() => r()));
});
const published: Bus.Envelope[] = [];

const localEnv = { SHEETS_DRIVER: process.env.SHEETS_DRIVER, SHEETS_DIR: process.env.SHEETS_DIR };
afterEach(() => {
  Object.assign(process.env, localEnv);
  for (const name of [
    "GOOGLE_SHEETS_SPREADSHEET_ID",
    "GOOGLE_SERVICE_ACCOUNT",
    "GOOGLE_TOKEN_URL",
    "GOOGLE_SHEETS_API_URL",
    "SHEETS_FRESH_FILE_PER_SYNC",
    "GOOGLE_SHEETS_FOLDER_ID",
    "GOOGLE_DRIVE_API_URL",
  ])
    delete process.env[name];
  readOnly.clear();
  slow.clear();
  beforeUpdate = undefined;
  refuseBatch = undefined;
  refuseDrive = undefined;
  refuseGrants = false;
  resetSettings();
});

/** Points the Google adapter at the fake, with a spreadsheet of its own. */
function useGoogle(spreadsheetId = `sheet-${randomUUID().slice(0, 8)}`) {
  Object.assign(process.env, {
    SHEETS_DRIVER: "google",
    GOOGLE_SHEETS_SPREADSHEET_ID: spreadsheetId,
    GOOGLE_SERVICE_ACCOUNT: serviceAccount,
    GOOGLE_TOKEN_URL: `${base}/token`,
    GOOGLE_SHEETS_API_URL: `${base}/v4`,
  });
  resetSettings();
  return spreadsheetId;
}
/** Turns on a fresh spreadsheet file per sync, in a shared drive's folder of its own; no spreadsheet id. */
function useGoogleFiles(folder = `folder-${randomUUID().slice(0, 8)}`) {
  useGoogle("none");
  Object.assign(process.env, { SHEETS_FRESH_FILE_PER_SYNC: "true", GOOGLE_SHEETS_FOLDER_ID: folder, GOOGLE_DRIVE_API_URL: `${base}/drive/v3` });
  folders.add(folder);
  resetSettings();
  return folder;
}
const filesIn = (folder: string) => [...driveFiles.values()].filter((f) => f.parents.includes(folder));
/** A file as a run that died would leave it, or as an administrator put it in the folder. */
function putFile(folder: string, name: string, appProperties: Record<string, string> = {}) {
  const file: FakeFile = {
    id: `file-${++fileCount}-${randomUUID().slice(0, 6)}`,
    name,
    mimeType: GoogleFile.SPREADSHEET_MIME,
    parents: [folder],
    appProperties,
  };
  driveFiles.set(file.id, file);
  spreadsheets.set(file.id, new FakeBook());
  return file;
}
/** Everything a spreadsheet shows and ever showed (its version history), as one string to search. */
const everythingIn = (id: string) => JSON.stringify([spreadsheets.get(id)?.tabs, spreadsheets.get(id)?.history]);
const to = (id: string) => received.filter((r) => r.path.startsWith(`/v4/spreadsheets/${id}`));
/** The syncs that started: each adds its fresh tab. */
const syncs = (id: string) => to(id).filter((r) => r.path.endsWith(":batchUpdate") && r.body.requests.some((q: any) => q.addSheet));
const tabValues = (id: string, tab = SIGNATURES_TAB) => spreadsheets.get(id)?.tab(tab)?.values ?? [];

let ip = 0;
async function signSome(petitionId: string, n: number) {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const res = await call(
      sign,
      httpEvent({ method: "POST", pathParameters: { id: petitionId }, body: signer(`sheet${i}`), sourceIp: `10.61.${++ip % 250}.${i + 1}` }),
    );
    expect(res.statusCode).toBe(201);
    ids.push(res.body.signatureId);
  }
  return ids;
}
/** What the stream's consumer publishes once a batch counted signatures (signature/effects.ts): the signatures are in the table already. */
const delivery = (..._signature: [petitionId: string, signatureId: string]) => Bus.envelope(Signature.Events.SheetSyncDue.type, {});
const admin = { sub: "admin-sub", email: "sheets-admin@example.org", "cognito:groups": ["admin"] };

describe("the Google Sheets adapter", () => {
  it("gets a token with a JWT bearer grant, writes a fresh tab RAW and swaps it in", async () => {
    const id = useGoogle();
    const before = received.length;
    const rows = [
      ["Ada", "O'Hara", "ada@example.com", '=HYPERLINK("x")'],
      ["Bo", "Li", "bo@example.com", ""],
    ];
    const result = await Sheets.replaceTab(SIGNATURES_TAB, ["First Name", "Last Name", "Email", "Timeshare Name"], rows);
    expect(result.rows).toBe(2);
    expect(result.destination).toBe(`https://docs.google.com/spreadsheets/d/${id}/edit#gid=1001`);

    const calls = received.slice(before);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      "POST /token",
      `GET /v4/spreadsheets/${id}`,
      `POST /v4/spreadsheets/${id}:batchUpdate`,
      `PUT /v4/spreadsheets/${id}/values/'Signatures%20(syncing)'!A1`,
      `POST /v4/spreadsheets/${id}:batchUpdate`,
    ]);
    const [token, get, add, update, swap] = calls;

    // the grant: a JWT signed with the service account's key, for the spreadsheets scope
    const form = new URLSearchParams(token.body);
    expect(form.get("grant_type")).toBe("urn:ietf:params:oauth:grant-type:jwt-bearer");
    const { valid, header, claims } = verifyAssertion(form.get("assertion")!);
    expect(valid).toBe(true);
    expect(header.alg).toBe("RS256");
    expect(claims).toMatchObject({ iss: SERVICE_EMAIL, scope: SCOPE, aud: "https://oauth2.googleapis.com/token" });
    expect(claims.exp - claims.iat).toBeLessThanOrEqual(3600);

    // every Sheets call carries the token the endpoint issued
    for (const c of [get, add, update, swap]) expect(issued.has(c.authorization!.replace(/^Bearer /, ""))).toBe(true);
    expect(get.query.get("fields")).toContain("title");
    expect(add.body).toEqual({
      requests: [{ addSheet: { properties: { title: "Signatures (syncing)", gridProperties: { rowCount: 3, columnCount: 4 } } } }],
    });
    expect(update.query.get("valueInputOption")).toBe("RAW");
    expect(update.body).toEqual({
      range: "'Signatures (syncing)'!A1",
      majorDimension: "ROWS",
      values: [["First Name", "Last Name", "Email", "Timeshare Name"], ...rows],
    });
    // no tab of that name yet: the swap only renames the fresh one
    expect(swap.body.requests).toEqual([
      {
        updateSheetProperties: { properties: { sheetId: 1001, title: "Signatures", gridProperties: { rowCount: 3 } }, fields: "title,gridProperties.rowCount" },
      },
    ]);
    expect(tabValues(id)).toEqual(update.body.values);
    expect(book(id).titles()).toEqual(["Sheet1", "Signatures"]);
  });

  it("reuses its token and replaces an existing tab in its place, leaving no old rows behind", async () => {
    const id = useGoogle();
    await Sheets.replaceTab("Signatures", ["A"], [["1"], ["2"], ["3"]]);
    await Sheets.replaceTab("Other", ["B"], [["x"]]);
    const old = book(id).tab("Signatures")!.sheetId;
    const before = received.length;
    const result = await Sheets.replaceTab("Signatures", ["A"], [["4"]]);
    expect(result.rows).toBe(1);
    expect(received.slice(before).map((c) => `${c.method} ${c.path}`)).toEqual([
      `GET /v4/spreadsheets/${id}`,
      `POST /v4/spreadsheets/${id}:batchUpdate`,
      `PUT /v4/spreadsheets/${id}/values/'Signatures%20(syncing)'!A1`,
      `POST /v4/spreadsheets/${id}:batchUpdate`,
    ]);
    const swap = received.at(-1)!;
    expect(swap.body.requests[0]).toEqual({ deleteSheet: { sheetId: old } });
    expect(swap.body.requests[1].updateSheetProperties).toMatchObject({
      properties: { title: "Signatures", index: 1 },
      fields: "title,index,gridProperties.rowCount",
    });
    expect(tabValues(id)).toEqual([["A"], ["4"]]);
    // the tab keeps its place among the others
    expect(book(id).titles()).toEqual(["Sheet1", "Signatures", "Other"]);
    expect(result.destination).toMatch(new RegExp(`#gid=${book(id).tab("Signatures")!.sheetId}$`));
  });

  it("leaves the old tab as it was until the swap, and the new one has exactly the header's columns and the rows written", async () => {
    const id = useGoogle();
    const header = ["A", "B", "C"];
    const oldRows = [["old 1", "x", "y"]];
    await Sheets.replaceTab("Live", header, oldRows);
    const oldId = book(id).tab("Live")!.sheetId;
    const rows = Array.from({ length: 2 * ROWS_PER_REQUEST + 7 }, (_, i) => [`new ${i}`, "b", "c"]);
    const seen: { live: string[][]; titles: string[] }[] = [];
    beforeUpdate = async () => void seen.push({ live: structuredClone(tabValues(id, "Live")), titles: book(id).titles() });
    // streamed without a total: the fresh tab starts at one row and grows as the blocks arrive
    async function* pages() {
      for (let i = 0; i < rows.length; i += 1000) yield rows.slice(i, i + 1000);
    }
    await Sheets.replaceTab("Live", header, pages());

    expect(seen).toHaveLength(3);
    for (const s of seen) {
      expect(s.live).toEqual([header, ...oldRows]);
      expect(s.titles).toEqual(["Sheet1", "Live", "Live (syncing)"]);
    }
    const live = book(id).tab("Live")!;
    expect(live.sheetId).not.toBe(oldId);
    expect(live.columnCount).toBe(header.length);
    expect(live.rowCount).toBe(rows.length + 1);
    expect(live.values).toEqual([header, ...rows]);
    expect(book(id).titles()).toEqual(["Sheet1", "Live"]);
  });

  it("a sync that fails mid-way deletes its fresh tab and leaves the old one untouched; the next one succeeds", async () => {
    const id = useGoogle();
    await Sheets.replaceTab("Kept", ["A"], [["old"]]);
    const old = structuredClone(book(id).tab("Kept")!);
    const rows = Array.from({ length: 3 * ROWS_PER_REQUEST }, (_, i) => [`new ${i}`]);

    let writes = 0;
    beforeUpdate = async () => {
      if (++writes === 2) unavailable.set(id, 100); // Google stops answering writes after the first block
    };
    await expect(Sheets.replaceTab("Kept", ["A"], rows)).rejects.toThrow("Google Sheets answered 503");
    unavailable.delete(id);
    expect(writes).toBeGreaterThan(2);
    expect(book(id).tab("Kept")).toEqual(old);
    expect(book(id).titles()).toEqual(["Sheet1", "Kept"]);

    // the swap itself refused: the fresh tab, written whole, goes; the old one stays
    refuseBatch = (requests) => (requests.some((q) => q.updateSheetProperties) ? 500 : undefined);
    beforeUpdate = undefined;
    await expect(Sheets.replaceTab("Kept", ["A"], rows)).rejects.toThrow("Google Sheets answered 500");
    expect(book(id).tab("Kept")).toEqual(old);
    expect(book(id).titles()).toEqual(["Sheet1", "Kept"]);

    refuseBatch = undefined;
    await Sheets.replaceTab("Kept", ["A"], [["new"]]);
    expect(tabValues(id, "Kept")).toEqual([["A"], ["new"]]);
    expect(book(id).titles()).toEqual(["Sheet1", "Kept"]);
  });

  it("removes the fresh tab a crashed run left behind", async () => {
    const id = useGoogle();
    expect(book(id).batchUpdate([{ addSheet: { properties: { title: "Crashed (syncing)" } } }]).status).toBe(200);
    await Sheets.replaceTab("Crashed", ["A"], [["1"]]);
    expect(book(id).titles()).toEqual(["Sheet1", "Crashed"]);
    expect(tabValues(id, "Crashed")).toEqual([["A"], ["1"]]);
  });

  it("fails at once, touching nothing, when the tab would not fit in the spreadsheet's 10 million cells", async () => {
    const id = useGoogle();
    await Sheets.replaceTab("Full", ["A", "B"], [["1", "2"]]);
    const before = structuredClone(book(id).tabs);
    const puts = to(id).filter((r) => r.method === "PUT").length;
    const columns = Array.from({ length: 14 }, (_, i) => `c${i}`);
    await expect(Sheets.replaceTab("Full", columns, [], { total: 800_000 })).rejects.toThrow(/above the limit of 10000000 cells/);
    expect(to(id).filter((r) => r.method === "PUT").length).toBe(puts);
    expect(book(id).tabs).toEqual(before);
  });

  it("writes a large tab in blocks of rows, one after the other", async () => {
    const id = useGoogle();
    const rows = Array.from({ length: ROWS_PER_REQUEST + 10 }, (_, i) => [`r${i}`]);
    await Sheets.replaceTab("Big 'one'", ["H"], rows);
    const updates = to(id).filter((r) => r.method === "PUT");
    expect(updates.map((u) => u.body.range)).toEqual(["'Big ''one'' (syncing)'!A1", `'Big ''one'' (syncing)'!A${ROWS_PER_REQUEST + 1}`]);
    expect(tabValues(id, "Big 'one'")).toEqual([["H"], ...rows]);
  });

  it("writes a streamed source block by block as its pages are read, never holding them all", async () => {
    const id = useGoogle();
    const PAGE = 2000;
    const putsBeforePage: number[] = [];
    async function* pages() {
      for (let p = 0; p < 6; p++) {
        putsBeforePage.push(to(id).filter((r) => r.method === "PUT").length);
        yield Array.from({ length: PAGE }, (_, i) => [`p${p} r${i}`]);
      }
    }
    const reported: [number, number][] = [];
    const result = await Sheets.replaceTab("Streamed", ["H"], pages(), { total: 6 * PAGE, onProgress: (w, t) => void reported.push([w, t]) });
    expect(result.rows).toBe(6 * PAGE);
    // a block of ROWS_PER_REQUEST rows goes out as soon as it is full: before the last pages are read
    expect(putsBeforePage.at(-1)).toBeGreaterThanOrEqual(Math.floor((4 * PAGE) / ROWS_PER_REQUEST));
    const values = tabValues(id, "Streamed");
    expect(values).toHaveLength(6 * PAGE + 1);
    expect(values[1]).toEqual(["p0 r0"]);
    expect(values.at(-1)).toEqual([`p5 r${PAGE - 1}`]);
    expect(reported.at(-1)).toEqual([6 * PAGE, 6 * PAGE]);
  });

  it("syncs 100,000 rows in order, in bounded requests one after the other, reporting progress", async () => {
    const id = useGoogle();
    const header = [...SIGNATURE_COLUMNS];
    const rows = Array.from({ length: 100_000 }, (_, i) => header.map((column, c) => (c === 0 ? `row ${i}` : `${column} of signer ${i} ${"·".repeat(i % 7)}`)));
    const reported: [number, number][] = [];
    const before = received.length;
    const result = await Sheets.replaceTab(SIGNATURES_TAB, header, rows, { onProgress: (written, total) => void reported.push([written, total]) });
    expect(result.rows).toBe(100_000);

    const updates = received.slice(before).filter((r) => r.method === "PUT");
    expect(updates.length).toBeGreaterThanOrEqual(Math.ceil(100_001 / ROWS_PER_REQUEST));
    let next = 1;
    for (const u of updates) {
      expect(u.body.range).toBe(`'Signatures (syncing)'!A${next}`);
      expect(u.body.values.length).toBeLessThanOrEqual(ROWS_PER_REQUEST);
      expect(Buffer.byteLength(JSON.stringify(u.body.values))).toBeLessThanOrEqual(MAX_REQUEST_BYTES + 2);
      next += u.body.values.length;
    }
    expect(next).toBe(100_002);
    const values = tabValues(id);
    expect(values).toHaveLength(100_001);
    expect(values[0]).toEqual(header);
    for (let i = 0; i < rows.length; i++) if (values[i + 1]![0] !== `row ${i}`) throw new Error(`row ${i} arrived as ${values[i + 1]![0]}`);
    expect(values).toEqual([header, ...rows]);
    expect(book(id).tab(SIGNATURES_TAB)).toMatchObject({ rowCount: 100_001, columnCount: header.length });
    expect(book(id).titles()).toEqual(["Sheet1", SIGNATURES_TAB]);

    expect(reported).toHaveLength(updates.length);
    expect(reported.map(([, total]) => total)).toEqual(reported.map(() => 100_000));
    expect(reported.map(([written]) => written)).toEqual(updates.map((_, i) => updates.slice(0, i + 1).reduce((n, u) => n + u.body.values.length, 0) - 1));
    expect(reported.at(-1)).toEqual([100_000, 100_000]);
  }, 120_000);

  it("gives up on a request Google does not answer in time, with a reason", async () => {
    const id = useGoogle();
    slow.set(id, 1500);
    const started = Date.now();
    await expect(Sheets.replaceTab("Signatures", ["A"], [["1"]], { requestTimeoutMs: 200 })).rejects.toThrow(SheetsError);
    await expect(Sheets.replaceTab("Signatures", ["A"], [["1"]], { requestTimeoutMs: 200 })).rejects.toThrow(/did not answer within 0\.2 s/);
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it("retries a call Google answers with 503", async () => {
    const id = useGoogle();
    unavailable.set(id, 2);
    await expect(Sheets.replaceTab("Signatures", ["A"], [["1"]])).resolves.toMatchObject({ rows: 1 });
    expect(to(id).filter((r) => r.method === "PUT")).toHaveLength(3);
    expect(tabValues(id)).toEqual([["A"], ["1"]]);
  });

  it("fails with Google's reason: no permission, a refused grant, missing settings", async () => {
    const id = useGoogle();
    readOnly.add(id);
    await expect(Sheets.replaceTab("Signatures", ["A"], [])).rejects.toThrow("Google Sheets answered 403: The caller does not have permission");

    useGoogle();
    process.env.GOOGLE_SERVICE_ACCOUNT = serviceAccount.replace(SERVICE_EMAIL, "other@test-project.iam.gserviceaccount.com");
    resetSettings();
    refuseGrants = true;
    await expect(Sheets.replaceTab("Signatures", ["A"], [])).rejects.toThrow(/invalid_grant/);

    process.env.GOOGLE_SERVICE_ACCOUNT = "not json";
    resetSettings();
    await expect(Sheets.replaceTab("Signatures", ["A"], [])).rejects.toThrow("GOOGLE_SERVICE_ACCOUNT is not JSON");

    process.env.GOOGLE_SHEETS_SPREADSHEET_ID = "none";
    resetSettings();
    expect(Sheets.notConfigured()).toBe("GOOGLE_SHEETS_SPREADSHEET_ID is not set");
  });
});

describe("a fresh spreadsheet file per sync (SHEETS_FRESH_FILE_PER_SYNC, review N7)", () => {
  const driveCalls = (from: number) => received.slice(from).filter((r) => r.path !== "/token");
  const label = (r: Received) => `${r.method} ${r.path}`;

  it("writes each sync into a new file in the folder and deletes the previous file, its history with it", async () => {
    const folder = useGoogleFiles();
    const header = ["A", "B"];
    let before = received.length;
    const first = await Sheets.replaceTab(SIGNATURES_TAB, header, [
      ["1", "=x"],
      ["2", "y"],
    ]);
    const [file] = filesIn(folder);
    expect(filesIn(folder)).toHaveLength(1);
    expect(file).toMatchObject({ name: SIGNATURES_TAB, mimeType: GoogleFile.SPREADSHEET_MIME, appProperties: { syncTab: SIGNATURES_TAB } });
    // one tab, the header's columns and exactly the rows written, RAW
    expect(book(file.id).titles()).toEqual([SIGNATURES_TAB]);
    expect(book(file.id).tab(SIGNATURES_TAB)).toMatchObject({ rowCount: 3, columnCount: 2, values: [header, ["1", "=x"], ["2", "y"]] });
    expect(first).toEqual({
      rows: 2,
      destination: `https://docs.google.com/spreadsheets/d/${file.id}/edit#gid=0`,
      folder: `https://drive.google.com/drive/folders/${folder}`,
    });
    // the Google calls of a first sync (no previous file): 5 + one per block
    const calls = driveCalls(before);
    expect(calls.map(label)).toEqual([
      "GET /drive/v3/files",
      "POST /drive/v3/files",
      `GET /v4/spreadsheets/${file.id}`,
      `POST /v4/spreadsheets/${file.id}:batchUpdate`,
      `PUT /v4/spreadsheets/${file.id}/values/'Signatures'!A1`,
      `PATCH /drive/v3/files/${file.id}`,
    ]);
    const [, create, , , update, rename] = calls;
    expect(create.body).toEqual({
      name: "Signatures (syncing)",
      mimeType: GoogleFile.SPREADSHEET_MIME,
      parents: [folder],
      appProperties: { syncTab: SIGNATURES_TAB },
    });
    expect(update.query.get("valueInputOption")).toBe("RAW");
    expect(rename.body).toEqual({ name: SIGNATURES_TAB });
    // the token that made them was granted the Drive's scope beside the spreadsheets'
    expect(scopesOf.get(create.authorization!.replace(/^Bearer /, ""))).toEqual([SCOPE, DRIVE_SCOPE]);
    expect(await GoogleFile.currentFile(Sheets.target(SIGNATURES_TAB))).toBe(file.id);

    // the next sync, streamed without a total: the new file's grid grows and is trimmed to the rows
    const rows = Array.from({ length: 2 * ROWS_PER_REQUEST + 7 }, (_, i) => [`new ${i}`, "b"]);
    async function* pages() {
      for (let i = 0; i < rows.length; i += 1000) yield rows.slice(i, i + 1000);
    }
    before = received.length;
    const second = await Sheets.replaceTab(SIGNATURES_TAB, header, pages());
    const [next] = filesIn(folder);
    expect(filesIn(folder)).toHaveLength(1);
    expect(next.id).not.toBe(file.id);
    expect(next.name).toBe(SIGNATURES_TAB);
    expect(book(next.id).tab(SIGNATURES_TAB)).toMatchObject({ rowCount: rows.length + 1, values: [header, ...rows] });
    expect(second).toMatchObject({ rows: rows.length, destination: `https://docs.google.com/spreadsheets/d/${next.id}/edit#gid=0` });
    // the first file deleted for good (not trashed), on the shared drive: its content and history are gone
    const deleted = driveCalls(before).filter((r) => r.method === "DELETE");
    expect(deleted.map(label)).toEqual([`DELETE /drive/v3/files/${file.id}`]);
    expect(deleted[0].query.get("supportsAllDrives")).toBe("true");
    expect(driveFiles.has(file.id)).toBe(false);
    expect(spreadsheets.has(file.id)).toBe(false);
    expect(await GoogleFile.currentFile(Sheets.target(SIGNATURES_TAB))).toBe(next.id);
  });

  it("an erased row is in no remaining file, nor in any remaining file's version history", async () => {
    const folder = useGoogleFiles();
    const p = await newPetition();
    const [kept, deleted] = await signSome(p.id, 2);
    const { email } = await Signature.fromID(p.id, deleted);
    await sheetSync(delivery(p.id, kept));
    const [first] = filesIn(folder);
    expect(everythingIn(first.id)).toContain(email);

    const before = published.length;
    const res = await call(deleteSignature, httpEvent({ method: "DELETE", pathParameters: { id: p.id, signatureId: deleted }, claims: admin }));
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    const asked = published.slice(before).filter((e) => e["detail-type"] === Sheets.Events.RowsRemoved.type);
    expect(asked).toHaveLength(1);
    await resync(asked[0]);

    const files = filesIn(folder);
    expect(files).toHaveLength(1);
    expect(
      book(files[0].id)
        .tab(SIGNATURES_TAB)!
        .values.filter((r) => r[4] === p.id),
    ).toHaveLength(1);
    for (const f of files) expect(everythingIn(f.id)).not.toContain(email);
    // the file that showed it is deleted, with its history
    expect(spreadsheets.has(first.id)).toBe(false);
    expect([...spreadsheets.keys()].filter((id) => everythingIn(id).includes(email))).toEqual([]);
  });

  it("a sync failing mid-way deletes its new file and keeps the previous one; the next one succeeds", async () => {
    const folder = useGoogleFiles();
    const target = Sheets.target("Kept");
    await Sheets.replaceTab("Kept", ["A"], [["old"]]);
    const [old] = filesIn(folder);
    const oldTabs = structuredClone(book(old.id).tabs);
    const rows = Array.from({ length: 3 * ROWS_PER_REQUEST }, (_, i) => [`new ${i}`]);

    // Google stops answering writes after the new file's first block
    let writes = 0;
    let fresh = "";
    beforeUpdate = async (r) => {
      if (++writes === 2) unavailable.set((fresh = decodeURIComponent(r.path.split("/")[3]!)), 100);
    };
    await expect(Sheets.replaceTab("Kept", ["A"], rows)).rejects.toThrow("Google Sheets answered 503");
    beforeUpdate = undefined;
    expect(fresh).not.toBe("");
    expect(fresh).not.toBe(old.id);
    expect(driveFiles.has(fresh)).toBe(false);
    expect(filesIn(folder).map((f) => f.id)).toEqual([old.id]);
    expect(book(old.id).tabs).toEqual(oldTabs);
    expect(await GoogleFile.currentFile(target)).toBe(old.id);

    // the rename refused, the last step before the new file becomes the tab's: it goes, the old one stays
    refuseDrive = (r) => (r.method === "PATCH" ? 500 : undefined);
    await expect(Sheets.replaceTab("Kept", ["A"], [["new"]])).rejects.toThrow("Google Drive answered 500");
    expect(filesIn(folder).map((f) => f.id)).toEqual([old.id]);
    expect(await GoogleFile.currentFile(target)).toBe(old.id);

    // the previous file cannot be deleted: the new one is the tab's, the sync fails (to be retried)…
    refuseDrive = (r) => (r.method === "DELETE" ? 403 : undefined);
    await expect(Sheets.replaceTab("Kept", ["A"], [["newer"]])).rejects.toThrow(
      /the new file is in place, but the previous one could not be deleted .*Google Drive answered 403/,
    );
    const newer = filesIn(folder).find((f) => f.id !== old.id)!;
    expect(await GoogleFile.currentFile(target)).toBe(newer.id);
    // …and the retry deletes it
    refuseDrive = undefined;
    await Sheets.replaceTab("Kept", ["A"], [["newest"]]);
    const [newest] = filesIn(folder);
    expect(filesIn(folder)).toHaveLength(1);
    expect(book(newest.id).tab("Kept")!.values).toEqual([["A"], ["newest"]]);
    expect([old.id, newer.id].filter((id) => spreadsheets.has(id))).toEqual([]);
  });

  it("deletes what runs that died left, and never a file it did not make", async () => {
    const folder = useGoogleFiles();
    await Sheets.replaceTab("Crashed", ["A"], [["1"]]);
    await Sheets.replaceTab("Other", ["B"], [["x"]]);
    const [current, other] = filesIn(folder);
    // a run that died writing its file, one that died before deleting the previous file
    const died = putFile(folder, "Crashed (syncing)", { syncTab: "Crashed" });
    const undeleted = putFile(folder, "Crashed", { syncTab: "Crashed" });
    // an administrator's own file of the same name, and another folder's file of the tab
    const theirs = putFile(folder, "Crashed");
    const elsewhere = putFile(`folder-${randomUUID().slice(0, 8)}`, "Crashed", { syncTab: "Crashed" });

    await Sheets.replaceTab("Crashed", ["A"], [["2"]]);
    const now = filesIn(folder);
    const fresh = now.find((f) => f.name === "Crashed" && f.appProperties.syncTab === "Crashed")!;
    expect(book(fresh.id).tab("Crashed")!.values).toEqual([["A"], ["2"]]);
    expect(now.map((f) => f.id).sort()).toEqual([other.id, theirs.id, fresh.id].sort());
    expect([current.id, died.id, undeleted.id].filter((id) => driveFiles.has(id))).toEqual([]);
    expect(driveFiles.has(elsewhere.id)).toBe(true);
  });

  it("is not configured without a folder; with the switch off nothing asks for the Drive", async () => {
    useGoogleFiles();
    delete process.env.GOOGLE_SHEETS_FOLDER_ID;
    resetSettings();
    expect(Sheets.notConfigured()).toBe("GOOGLE_SHEETS_FOLDER_ID is not set (SHEETS_FRESH_FILE_PER_SYNC is true)");
    await expect(Sheets.replaceTab("Signatures", ["A"], [])).rejects.toThrow("GOOGLE_SHEETS_FOLDER_ID is not set");

    // off: the spreadsheet's tab, rewritten in place, with a token for the spreadsheets alone
    delete process.env.SHEETS_FRESH_FILE_PER_SYNC;
    const id = useGoogle();
    process.env.GOOGLE_DRIVE_API_URL = `${base}/drive/v3`;
    resetSettings();
    const before = received.length;
    await Sheets.replaceTab("Signatures", ["A"], [["1"]]);
    expect(received.slice(before).filter((r) => r.path.startsWith("/drive/"))).toEqual([]);
    expect(tabValues(id)).toEqual([["A"], ["1"]]);
    const token = to(id)
      .at(-1)!
      .authorization!.replace(/^Bearer /, "");
    expect(scopesOf.get(token)).toEqual([SCOPE]);
  });
});

describe("the local adapter", () => {
  it("writes <SHEETS_DIR>/<tab>.csv as the CSV export does and returns its path", async () => {
    const rows = [
      ["Ada", "=1+1", 'say "hi"'],
      ["Bo", "", "x"],
    ];
    const result = await Sheets.replaceTab("Signatures", ["A", "B", "C"], rows);
    const file = join(settings().SHEETS_DIR, "signatures.csv");
    expect(result).toEqual({ rows: 2, destination: file });
    expect(readFileSync(file, "utf8")).toBe(toCsv(["A", "B", "C"], rows));
    await Sheets.replaceTab("Signatures", ["A", "B", "C"], []);
    expect(readFileSync(file, "utf8")).toBe(toCsv(["A", "B", "C"], []));
  });
});

describe("the signature sheet sync", () => {
  it("writes the Signatures tab with the export's columns", async () => {
    const id = useGoogle();
    const p = await newPetition();
    const [signatureId] = await signSome(p.id, 1);
    await sheetSync(delivery(p.id, signatureId));
    const [header, ...rows] = tabValues(id);
    expect(header).toEqual([...SIGNATURE_COLUMNS]);
    const row = rows.find((r) => r[4] === p.id)!;
    const stored = await Signature.fromID(p.id, signatureId);
    expect(row).toEqual([
      stored.firstName,
      stored.lastName,
      stored.email,
      "",
      p.id,
      new Date(stored.createdAt).toLocaleDateString("en-US", { timeZone: "America/New_York" }),
      stored.meta.browser,
      stored.meta.deviceType,
      "1920x1080",
      "America/Chicago",
      stored.meta.city,
      stored.meta.region,
      stored.meta.country,
      stored.meta.ipAddress,
      "unverified",
    ]);
    expect(row[5]).toMatch(/^\d{1,2}\/\d{1,2}\/\d{4}$/);
  });

  it("syncs once for a burst of 20 signatures, and again for a later one", async () => {
    const id = useGoogle();
    const p = await newPetition();
    const ids = await signSome(p.id, 20);
    // the burst's 20 deliveries within one debounce window even on a busy machine (the suite's 150 ms is for speed)
    const debounce = process.env.SHEETS_SYNC_DEBOUNCE_MS;
    process.env.SHEETS_SYNC_DEBOUNCE_MS = "2000";
    resetSettings();
    try {
      await Promise.all(ids.map((signatureId) => sheetSync(delivery(p.id, signatureId))));
    } finally {
      process.env.SHEETS_SYNC_DEBOUNCE_MS = debounce;
      resetSettings();
    }
    expect(syncs(id).length).toBe(1);
    expect(tabValues(id).filter((r) => r[4] === p.id)).toHaveLength(20);

    // the marker was cleared before the rows were read: a later signature gets a sync of its own
    const [late] = await signSome(p.id, 1);
    await sheetSync(delivery(p.id, late));
    expect(syncs(id).length).toBe(2);
    expect(tabValues(id).filter((r) => r[4] === p.id)).toHaveLength(21);
  });

  it("an administrator's deletion asks for the tab again: the deleted row leaves the spreadsheet (review N7)", async () => {
    const id = useGoogle();
    const p = await newPetition();
    const [kept, deleted] = await signSome(p.id, 2);
    const { email } = await Signature.fromID(p.id, deleted);
    await sheetSync(delivery(p.id, kept));
    expect(tabValues(id).filter((r) => r[4] === p.id)).toHaveLength(2);
    const before = published.length;
    const res = await call(deleteSignature, httpEvent({ method: "DELETE", pathParameters: { id: p.id, signatureId: deleted }, claims: admin }));
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    const asked = published.slice(before).filter((e) => e["detail-type"] === Sheets.Events.RowsRemoved.type);
    expect(asked.map((e) => (e.detail as Bus.Wire<{ tabs: string[] }>).properties.tabs)).toEqual([["signatures"]]);
    await resync(asked[0]);
    const rows = tabValues(id).filter((r) => r[4] === p.id);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(email);
    // rewritten in place, the spreadsheet's version history still holds it: what the fresh file per
    // sync (below) removes
    expect(JSON.stringify(book(id).history)).toContain(email);
  });

  it("throws for a retry when the sync fails, keeps the signatures, and the retry writes them", async () => {
    const id = useGoogle();
    readOnly.add(id);
    const p = await newPetition();
    const ids = await signSome(p.id, 3);
    await expect(sheetSync(delivery(p.id, ids[0]))).rejects.toThrow(/403/);
    expect((await collect(stream(p.id))).map((r) => r.id).sort()).toEqual([...ids].sort());

    readOnly.clear(); // access restored; the bus retries the delivery
    await sheetSync(delivery(p.id, ids[0]));
    expect(tabValues(id).filter((r) => r[4] === p.id)).toHaveLength(3);
  });

  it("does nothing while no spreadsheet is configured", async () => {
    useGoogle("none");
    const before = received.length;
    const p = await newPetition();
    const [signatureId] = await signSome(p.id, 1);
    await expect(sheetSync(delivery(p.id, signatureId))).resolves.toBeUndefined();
    expect(received.length).toBe(before);
  });
});

describe("the sync job: POST /api/admin/sheets/signatures, the sheets-sync-job subscriber, GET /api/admin/jobs/{id}", () => {
  const start = (claims?: Record<string, string | string[]>) =>
    call(startSync, httpEvent({ method: "POST", path: "/api/admin/sheets/signatures", routeKey: "POST /api/admin/sheets/signatures", body: {}, claims }));
  const getJob = (id: string, claims: Record<string, string | string[]> | null = admin) =>
    call(
      jobGet,
      httpEvent({ method: "GET", path: `/api/admin/jobs/${id}`, routeKey: "GET /api/admin/jobs/{id}", pathParameters: { id }, claims: claims ?? undefined }),
    );
  /** The sheets.sync_requested event the POST published for `jobId`. */
  const requested = (jobId: string) => {
    const found = published.filter((e) => e["detail-type"] === SyncEvents.SyncRequested.type && JSON.stringify(e.detail).includes(jobId));
    expect(found).toHaveLength(1);
    return found[0]!;
  };
  const lockOf = async (target: string) => (await db().send(new GetCommand({ TableName: table(), Key: Keys.sheetSync(target), ConsistentRead: true }))).Item;

  it("refuses anonymous and non-admin callers, and starts nothing", async () => {
    const before = published.length;
    expect((await start()).statusCode).toBe(401);
    expect((await start({ sub: "x", "cognito:groups": ["staff"] })).statusCode).toBe(403);
    expect(published.length).toBe(before);
    const { body } = await start(admin);
    expect((await getJob(body.jobId, null)).statusCode).toBe(401);
    expect((await getJob(body.jobId, { sub: "x", "cognito:groups": ["staff"] })).statusCode).toBe(403);
  });

  it("answers 202 {jobId} at once with a queued job, without touching the spreadsheet", async () => {
    const id = useGoogle();
    const before = received.length;
    const res = await start(admin);
    expect(res.statusCode).toBe(202);
    expect(res.body).toEqual({ jobId: expect.stringMatching(/^[0-9a-z]{21}$/) });
    expect(received.length).toBe(before);
    expect(tabValues(id)).toEqual([]);
    // the event is stored with the job (transactional outbox) and published
    const event = requested(res.body.jobId);
    const outboxItem = await db().send(new GetCommand({ TableName: table(), Key: Keys.outbox(Bus.eventId(event)), ConsistentRead: true }));
    expect(outboxItem.Item).toMatchObject({ eventType: "sheets.sync_requested", detail: { jobId: res.body.jobId } });
    const job = await getJob(res.body.jobId);
    expect(job.statusCode).toBe(200);
    expect(job.body).toMatchObject({ id: res.body.jobId, kind: "sheets.signatures", actor: admin.email, status: "queued", createdAt: expect.any(String) });
  });

  it("runs the sync in the subscriber: progress as it goes, then done with rows and destination, audited as the admin who started it", async () => {
    const id = useGoogle();
    const p = await newPetition();
    await signSome(p.id, 3);
    const { body } = await start(admin);

    const seen: Job.Info[] = [];
    beforeUpdate = async () => void seen.push((await getJob(body.jobId)).body);
    await sheetsSyncJob(requested(body.jobId));

    const job = (await getJob(body.jobId)).body;
    const total = job.result.rows;
    expect(total).toBeGreaterThanOrEqual(3);
    // while writing, the job was running and knew how many rows it writes
    expect(seen.length).toBeGreaterThan(0);
    expect(seen[0]).toMatchObject({ status: "running", progress: { phase: "writing", completed: 0, total } });
    expect(job).toMatchObject({
      status: "done",
      actor: admin.email,
      result: { rows: total, destination: `https://docs.google.com/spreadsheets/d/${id}/edit#gid=1001` },
      progress: { phase: "done", completed: total, total },
      finishedAt: expect.any(String),
    });
    expect(tabValues(id).filter((r) => r[4] === p.id)).toHaveLength(3);
    const entry = (await Audit.list(100)).find((e) => e.action === "signatures.synced" && e.rows === total && e.actor === admin.email);
    expect(entry).toMatchObject({ target: "all petitions" });
    expect((await lockOf(Sheets.target(SIGNATURES_TAB)))?.lockedUntil).toBeUndefined();
  });

  it("reports progress block by block on a big tab", async () => {
    useGoogle();
    const { body } = await start(admin);
    const job = await Job.claim(body.jobId, signaturesTab.job.KIND, 60_000);
    expect(job?.status).toBe("running");
    const rows = Array.from({ length: ROWS_PER_REQUEST * 2 + 1 }, (_, i) => [`r${i}`]);
    const seen: number[] = [];
    beforeUpdate = async () => void seen.push((await getJob(body.jobId)).body.progress.completed);
    await Sheets.replaceTab("Progress", ["H"], rows, {
      onProgress: (written, total) => Job.report(body.jobId, { phase: "writing", completed: written, total }),
    });
    expect(seen).toEqual([0, ROWS_PER_REQUEST - 1, 2 * ROWS_PER_REQUEST - 1]);
    expect((await getJob(body.jobId)).body.progress).toEqual({ phase: "writing", completed: rows.length, total: rows.length });
  });

  it("with a fresh file per sync, the job's result links to the tab's current file and to the folder (review N7)", async () => {
    const folder = useGoogleFiles();
    const p = await newPetition();
    await signSome(p.id, 2);
    const first = (await start(admin)).body.jobId;
    await sheetsSyncJob(requested(first));
    const second = (await start(admin)).body.jobId;
    await sheetsSyncJob(requested(second));
    const [file] = filesIn(folder);
    expect(filesIn(folder)).toHaveLength(1);
    expect((await getJob(second)).body).toMatchObject({
      status: "done",
      result: {
        rows: expect.any(Number),
        destination: `https://docs.google.com/spreadsheets/d/${file.id}/edit#gid=0`,
        folder: `https://drive.google.com/drive/folders/${folder}`,
      },
    });
    expect(Sheets.target(SIGNATURES_TAB)).toBe(`google-drive:${folder}#${SIGNATURES_TAB}`);
    expect(await GoogleFile.currentFile(Sheets.target(SIGNATURES_TAB))).toBe(file.id);
    expect((await lockOf(Sheets.target(SIGNATURES_TAB)))?.lockedUntil).toBeUndefined();
  });

  it("runs a job once, however often its event is delivered", async () => {
    const id = useGoogle();
    const { body } = await start(admin);
    const event = requested(body.jobId);
    await Promise.all([sheetsSyncJob(event), sheetsSyncJob(event)]);
    await sheetsSyncJob(event);
    expect(syncs(id)).toHaveLength(1);
    expect((await getJob(body.jobId)).body.status).toBe("done");
  });

  it("a failed run records the reason, leaves no lock behind, and the next run succeeds", async () => {
    const id = useGoogle();
    readOnly.add(id);
    const first = (await start(admin)).body.jobId;
    await expect(sheetsSyncJob(requested(first))).resolves.toBeUndefined();
    const failed = (await getJob(first)).body;
    expect(failed).toMatchObject({
      status: "failed",
      error: "Google Sheets answered 403: The caller does not have permission",
      finishedAt: expect.any(String),
    });
    expect(failed.result).toBeUndefined();
    const lock = await lockOf(Sheets.target(SIGNATURES_TAB));
    expect(lock?.lockedUntil).toBeUndefined();

    readOnly.clear();
    const second = (await start(admin)).body.jobId;
    await sheetsSyncJob(requested(second));
    expect((await getJob(second)).body).toMatchObject({ status: "done", result: { rows: expect.any(Number) } });
    expect((await getJob(first)).body.status).toBe("failed");
  });

  it("waits for a sync already running on the tab (the coalesced one), sharing its lock", async () => {
    const id = useGoogle();
    const p = await newPetition();
    const [signatureId] = await signSome(p.id, 1);
    const { body } = await start(admin);
    // the signature's coalesced sync is writing when the job starts
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let writes = 0;
    beforeUpdate = async () => {
      if (writes++ === 0) await held;
    };
    const coalescedRun = sheetSync(delivery(p.id, signatureId));
    await expect.poll(() => writes).toBe(1);
    const jobRun = sheetsSyncJob(requested(body.jobId));
    await expect.poll(async () => (await getJob(body.jobId)).body.progress.phase).toBe("waiting");
    expect(syncs(id)).toHaveLength(1);
    release();
    await Promise.all([coalescedRun, jobRun]);
    expect(syncs(id)).toHaveLength(2);
    expect((await getJob(body.jobId)).body.status).toBe("done");
  });

  it("fails with a clear reason when another sync holds the lock too long, and leaves that lock alone", async () => {
    useGoogle();
    const target = Sheets.target(SIGNATURES_TAB);
    const until = Date.now() + 60_000;
    await db().send(new PutCommand({ TableName: table(), Item: { ...Keys.sheetSync(target), type: "sheetSync", lockedUntil: until } }));
    const { body } = await start(admin);
    await signaturesTab.job.run(body.jobId, 300);
    expect((await getJob(body.jobId)).body).toMatchObject({ status: "failed", error: "another sync is still running; try again in a minute" });
    expect((await lockOf(target))?.lockedUntil).toBe(until);
    await db().send(new DeleteCommand({ TableName: table(), Key: Keys.sheetSync(target) }));
  });

  it("an unexpected failure is reported without its internals", async () => {
    useGoogle();
    const { body } = await start(admin);
    const outcome = await Job.run(body.jobId, signaturesTab.job.KIND, { leaseMs: 60_000 }, async () => {
      throw new Error("socket hang up at 10.0.0.12");
    });
    expect(outcome).toMatchObject({ status: "failed", error: "unexpected error (see the server log)" });
  });

  it("a job's tick writes its progress at most once a second, and the finish counts what was ticked", async () => {
    useGoogle();
    const { body } = await start(admin);
    const seen: number[] = [];
    const started = performance.now();
    const outcome = await Job.run(body.jobId, signaturesTab.job.KIND, { leaseMs: 60_000 }, async ({ tick }) => {
      for (let completed = 1; completed <= 50; completed++) {
        await tick({ phase: "writing", completed, total: null });
        seen.push((await Job.get(body.jobId)).progress.completed);
      }
      return { rows: 50 };
    });
    const seconds = (performance.now() - started) / 1000;
    const writes = new Set(seen.filter((completed) => completed > 0)).size;
    expect(writes).toBeLessThanOrEqual(Math.floor(seconds));
    expect(outcome).toMatchObject({ status: "done", progress: { phase: "done", completed: 50, total: 50 } });
  });

  it("reads a run that outlived its lease, or a job never started, as failed, and never runs them", async () => {
    const { body } = await start(admin);
    await Job.claim(body.jobId, signaturesTab.job.KIND, 1);
    await new Promise((r) => setTimeout(r, 20));
    expect((await getJob(body.jobId)).body).toMatchObject({ status: "failed", error: Job.STOPPED });

    const stale = Job.newItem({ kind: signaturesTab.job.KIND, actor: admin.email }, Date.now() - Job.START_WITHIN_MS - 1000);
    await db().send(new PutCommand({ TableName: table(), Item: stale }));
    expect((await getJob(stale.id)).body).toMatchObject({ status: "failed", error: Job.NEVER_STARTED });
    expect(await Job.claim(stale.id, signaturesTab.job.KIND, 60_000)).toBeUndefined();
  });

  it("answers 404 for an unknown or malformed job id", async () => {
    for (const id of ["0000000000000000000000".slice(0, 21), "not-a-job", "x".repeat(300)]) {
      const res = await getJob(id);
      expect(res.statusCode).toBe(404);
      expect(res.body).toEqual({ error: "Job not found" });
    }
  });

  it("locally writes the CSV file", async () => {
    const p = await newPetition();
    await signSome(p.id, 2);
    const { body } = await start(admin);
    await sheetsSyncJob(requested(body.jobId));
    const file = join(settings().SHEETS_DIR, "signatures.csv");
    const job = (await getJob(body.jobId)).body;
    expect(job).toMatchObject({ status: "done", result: { rows: expect.any(Number), destination: file } });
    const csv = readFileSync(file, "utf8");
    expect(csv.split("\r\n")[0]).toBe(SIGNATURE_COLUMNS.map((c) => `"${c}"`).join(","));
    expect(csv.split("\r\n").filter((l) => l.includes(`"${p.id}"`))).toHaveLength(2);
  });
});
