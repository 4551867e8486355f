import { generateKeyPairSync, randomUUID } from "node:crypto";
import { createServer, type ServerResponse } from "node:http";
import { freePort } from "../../scripts/local/ports";

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
  const tabs = new Map<string, string[][]>();
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
      const tab = values ? /^'((?:[^']|'')*)'/.exec(decodeURIComponent(values[1]))![1].replace(/''/g, "'") : "";
      if (req.method === "GET") return answer(res, 200, { sheets: [...tabs.keys()].map((title, i) => ({ properties: { sheetId: i, title } })) });
      if (path.endsWith(":batchUpdate")) {
        const title = JSON.parse(body).requests[0].addSheet.properties.title;
        tabs.set(title, []);
        return answer(res, 200, { replies: [{ addSheet: { properties: { sheetId: tabs.size, title } } }] });
      }
      if (values?.[2]) {
        tabs.set(tab, []);
        return answer(res, 200, {});
      }
      if (req.method === "PUT" && values) {
        const row = Number(/!A(\d+)/.exec(decodeURIComponent(values[1]))?.[1] ?? 1);
        const rows = JSON.parse(body).values as string[][];
        tabs.get(tab)!.splice(row - 1, rows.length, ...rows);
        return answer(res, 200, { updatedRows: rows.length });
      }
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
    tab: (title: string) => tabs.get(title) ?? [],
    /** The next `n` Sheets requests answer 500. */
    failNext: (n: number) => void (failNext = n),
    failed: () => failed,
    stop: () => {
      server.closeAllConnections();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}
