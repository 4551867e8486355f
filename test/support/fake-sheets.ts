import { generateKeyPairSync, randomUUID } from "node:crypto";
import { createServer, type ServerResponse } from "node:http";
import { freePort } from "../../scripts/local/ports";

/** Google's limit for a whole spreadsheet, every tab's grid counted. */
export const CELL_LIMIT = 10_000_000;

export interface FakeTab {
  sheetId: number;
  title: string;
  rowCount: number;
  columnCount: number;
  values: string[][];
}
type Outcome = { status: number; body: unknown };
const invalid = (message: string): Outcome => ({ status: 400, body: { error: { code: 400, message, status: "INVALID_ARGUMENT" } } });

/**
 * One spreadsheet as the Sheets API keeps it: tabs in order, each with its grid size. A batchUpdate
 * applies all of its requests or none (as Google's does); a write outside a tab's grid is refused.
 */
export class FakeBook {
  tabs: FakeTab[] = [{ sheetId: 0, title: "Sheet1", rowCount: 1000, columnCount: 26, values: [] }];
  /**
   * Every block of rows ever written, whatever became of its tab: what the file's version history
   * keeps (Google lets its editors open earlier versions); it goes only with the file.
   */
  history: string[][][] = [];
  private nextId = 1001;
  constructor(private cellLimit = CELL_LIMIT) {}

  tab = (title: string) => this.tabs.find((t) => t.title === title);
  titles = () => this.tabs.map((t) => t.title);
  cells = (tabs = this.tabs) => tabs.reduce((n, t) => n + t.rowCount * t.columnCount, 0);
  properties = () => ({ sheets: this.tabs.map((t, index) => ({ properties: { sheetId: t.sheetId, title: t.title, index } })) });

  batchUpdate(requests: any[]): Outcome {
    const tabs = this.tabs.map((t) => ({ ...t }));
    const replies: unknown[] = [];
    const find = (sheetId: number) => tabs.findIndex((t) => t.sheetId === sheetId);
    for (const r of requests) {
      if (r.addSheet) {
        const p = r.addSheet.properties;
        if (tabs.some((t) => t.title === p.title)) return invalid(`A sheet with the name "${p.title}" already exists.`);
        const added = {
          sheetId: this.nextId++,
          title: p.title,
          rowCount: p.gridProperties?.rowCount ?? 1000,
          columnCount: p.gridProperties?.columnCount ?? 26,
          values: [],
        };
        tabs.push(added);
        replies.push({ addSheet: { properties: { sheetId: added.sheetId, title: added.title, index: tabs.length - 1 } } });
      } else if (r.deleteSheet) {
        const at = find(r.deleteSheet.sheetId);
        if (at < 0) return invalid(`No grid with id: ${r.deleteSheet.sheetId}`);
        if (tabs.length === 1) return invalid("You can't remove all the sheets in a document.");
        tabs.splice(at, 1);
        replies.push({});
      } else if (r.updateSheetProperties) {
        const { properties: p, fields } = r.updateSheetProperties;
        const at = find(p.sheetId);
        if (at < 0) return invalid(`No grid with id: ${p.sheetId}`);
        const t = tabs[at]!;
        const masked = String(fields).split(",");
        if (masked.includes("title")) {
          if (tabs.some((o) => o !== t && o.title === p.title)) return invalid(`A sheet with the name "${p.title}" already exists.`);
          t.title = p.title;
        }
        if (masked.includes("gridProperties.rowCount")) {
          t.rowCount = p.gridProperties.rowCount;
          t.values = t.values.slice(0, t.rowCount);
        }
        if (masked.includes("gridProperties.columnCount")) {
          t.columnCount = p.gridProperties.columnCount;
          t.values = t.values.map((row) => row.slice(0, t.columnCount));
        }
        if (masked.includes("index")) tabs.splice(Math.min(p.index, tabs.length - 1), 0, ...tabs.splice(at, 1));
        replies.push({});
      } else if (r.appendDimension) {
        const at = find(r.appendDimension.sheetId);
        if (at < 0) return invalid(`No grid with id: ${r.appendDimension.sheetId}`);
        tabs[at]!.rowCount += r.appendDimension.length;
        replies.push({});
      } else return invalid(`unexpected request ${Object.keys(r)[0]}`);
    }
    if (this.cells(tabs) > this.cellLimit)
      return invalid(`This action would increase the number of cells in the workbook above the limit of ${this.cellLimit} cells.`);
    this.tabs = tabs;
    return { status: 200, body: { replies } };
  }

  /** values.update from `row` (1-based) on: refused outside the tab's grid. */
  write(title: string, row: number, values: string[][]): Outcome {
    const t = this.tab(title);
    if (!t) return invalid(`Unable to parse range: ${title}!A${row}`);
    const wide = Math.max(0, ...values.map((v) => v.length));
    if (row - 1 + values.length > t.rowCount || wide > t.columnCount) {
      return invalid(`Range ('${title}'!A${row}) exceeds grid limits. Max rows: ${t.rowCount}, max columns: ${t.columnCount}`);
    }
    t.values.splice(row - 1, values.length, ...values);
    this.history.push(values);
    return { status: 200, body: { updatedRows: values.length } };
  }

  clear(title: string): Outcome {
    const t = this.tab(title);
    if (!t) return invalid(`Unable to parse range: ${title}`);
    t.values = [];
    return { status: 200, body: {} };
  }
}

/**
 * A small stand-in for Google on 127.0.0.1 (token endpoint and the Sheets calls the adapter makes)
 * that can answer 500 to its next N Sheets requests: a real failing dependency for fault tests.
 * test/integration/sheets.test.ts has the strict one (JWT signature checks, request recording).
 */
export async function startFakeSheets() {
  const { privateKey } = generateKeyPairSync("rsa", {
    modulusLength: 2048,
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
    publicKeyEncoding: { type: "spki", format: "pem" },
  });
  const book = new FakeBook();
  let failNext = 0;
  let failed = 0;
  const answer = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      const path = new URL(req.url ?? "/", "http://fake").pathname;
      if (path === "/token") return answer(res, 200, { access_token: `fake-${randomUUID()}`, expires_in: 3599, token_type: "Bearer" });
      if (failNext > 0) {
        failNext--;
        failed++;
        return answer(res, 500, { error: { code: 500, message: "Internal error encountered.", status: "INTERNAL" } });
      }
      const values = /\/values\/([^:]+)(:clear)?$/.exec(path);
      const range = values ? decodeURIComponent(values[1]) : "";
      const tab = values ? /^'((?:[^']|'')*)'/.exec(range)![1].replace(/''/g, "'") : "";
      const send = (o: { status: number; body: unknown }) => answer(res, o.status, o.body);
      if (req.method === "GET") return answer(res, 200, book.properties());
      if (path.endsWith(":batchUpdate")) return send(book.batchUpdate(JSON.parse(body).requests));
      if (values?.[2]) return send(book.clear(tab));
      if (req.method === "PUT" && values) return send(book.write(tab, Number(/!A(\d+)/.exec(range)?.[1] ?? 1), JSON.parse(body).values));
      return answer(res, 404, { error: { code: 404, message: "Not found", status: "NOT_FOUND" } });
    });
  });
  const port = await freePort();
  await new Promise<void>((r) => server.listen(port, "127.0.0.1", r));
  const base = `http://127.0.0.1:${port}`;
  return {
    /** The settings that point the Google adapter here. */
    env: {
      SHEETS_DRIVER: "google",
      GOOGLE_SHEETS_SPREADSHEET_ID: `fake-${randomUUID().slice(0, 8)}`,
      GOOGLE_SERVICE_ACCOUNT: JSON.stringify({ type: "service_account", client_email: "faults@test.iam.gserviceaccount.com", private_key: privateKey }),
      GOOGLE_TOKEN_URL: `${base}/token`,
      GOOGLE_SHEETS_API_URL: `${base}/v4`,
    },
    tab: (title: string) => book.tab(title)?.values ?? [],
    titles: () => book.titles(),
    /** The next `n` Sheets requests answer 500. */
    failNext: (n: number) => void (failNext = n),
    failed: () => failed,
    stop: () => {
      server.closeAllConnections();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}
