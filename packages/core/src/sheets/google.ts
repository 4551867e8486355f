import { JWT } from "google-auth-library";
import { z } from "zod";
import { settings } from "../config";
import { SheetsError } from "./errors";

/** Read and write spreadsheets; nothing else (no Drive access). */
export const SCOPE = "https://www.googleapis.com/auth/spreadsheets";
/** Where google-auth-library posts its JWT bearer grant; GOOGLE_TOKEN_URL can point it elsewhere (tests). */
export const DEFAULT_TOKEN_URL = "https://oauth2.googleapis.com/token";
/** Rows per values.update request: keeps each request well under the API's payload limits. */
export const ROWS_PER_REQUEST = 5000;

const ServiceAccount = z.object({
  client_email: z.string().min(1, "client_email is missing"),
  private_key: z.string().min(1, "private_key is missing"),
});


let cached: { account: string; tokenUrl: string; client: JWT } | undefined;

/** The service account's OAuth client (one per process; it caches and refreshes its access token). */
function client(): JWT {
  const s = settings();
  const account = s.GOOGLE_SERVICE_ACCOUNT;
  if (!account) throw new SheetsError("GOOGLE_SERVICE_ACCOUNT is not set");
  if (cached && cached.account === account && cached.tokenUrl === s.GOOGLE_TOKEN_URL) return cached.client;

  let json: unknown;
  try {
    json = JSON.parse(account);
  } catch {
    throw new SheetsError("GOOGLE_SERVICE_ACCOUNT is not JSON (set it to the service account's key file)");
  }
  const key = ServiceAccount.safeParse(json);
  if (!key.success) throw new SheetsError(`GOOGLE_SERVICE_ACCOUNT: ${key.error.issues.map((i) => i.message).join(", ")}`);

  const jwt = new JWT({ email: key.data.client_email, key: key.data.private_key, scopes: [SCOPE] });
  const tokenUrl = s.GOOGLE_TOKEN_URL;
  if (tokenUrl !== DEFAULT_TOKEN_URL) {
    // The library's token URL is fixed; its transport lets us send the grant elsewhere.
    jwt.transporter.interceptors.request.add({
      resolved: async (opts) => {
        if (opts.url.href === DEFAULT_TOKEN_URL) opts.url = new URL(tokenUrl);
        return opts;
      },
    });
  }
  cached = { account, tokenUrl, client: jwt };
  return jwt;
}

/** `'My tab'` as A1 notation wants a sheet name: quoted, inner quotes doubled. */
export const quoteTab = (tab: string) => `'${tab.replace(/'/g, "''")}'`;

interface GoogleErrorBody {
  error?: { message?: string; status?: string } | string;
  error_description?: string;
}

/** A readable reason from a Google API or token error. */
function reason(err: unknown): string {
  const e = err as { response?: { status?: number; data?: GoogleErrorBody }; message?: string };
  const data = e.response?.data;
  const detail =
    typeof data?.error === "object"
      ? data.error.message ?? data.error.status
      : [data?.error, data?.error_description].filter(Boolean).join(": ");
  if (e.response?.status) return `Google Sheets answered ${e.response.status}${detail ? `: ${detail}` : ""}`;
  return e.message ?? String(err);
}

/**
 * One Sheets API call with the service account's token. Repeatable calls (reads, clear, update)
 * are retried on 429 and 5xx with backoff; adding a tab is not (a repeat would fail as a duplicate).
 */
async function call<T>(
  method: "GET" | "POST" | "PUT",
  path: string,
  data?: unknown,
  params?: Record<string, string>,
  repeatable = true,
): Promise<T> {
  const url = `${settings().GOOGLE_SHEETS_API_URL.replace(/\/$/, "")}${path}`;
  try {
    const res = await client().request<T>({
      url,
      method,
      data,
      params,
      responseType: "json",
      retry: repeatable,
      retryConfig: repeatable ? { retry: 3, httpMethodsToRetry: ["GET", "PUT", "POST"], statusCodesToRetry: [[429, 429], [500, 599]] } : undefined,
    });
    return res.data;
  } catch (err) {
    if (err instanceof SheetsError) throw err;
    throw new SheetsError(reason(err));
  }
}

interface Spreadsheet {
  sheets?: { properties?: { sheetId?: number; title?: string } }[];
}
interface BatchUpdateReply {
  replies?: { addSheet?: { properties?: { sheetId?: number } } }[];
}

/**
 * Rewrites one tab of the spreadsheet GOOGLE_SHEETS_SPREADSHEET_ID: creates it when missing
 * (batchUpdate addSheet), clears it (values:clear), then writes header and rows (values.update,
 * RAW, so nothing a signer typed is ever run as a formula).
 */
export async function replaceTab(tab: string, header: string[], rows: string[][]): Promise<{ rows: number; destination: string }> {
  const id = settings().GOOGLE_SHEETS_SPREADSHEET_ID;
  if (!id) throw new SheetsError("GOOGLE_SHEETS_SPREADSHEET_ID is not set");
  const sheet = `/spreadsheets/${encodeURIComponent(id)}`;

  const found = await call<Spreadsheet>("GET", sheet, undefined, { fields: "sheets.properties(sheetId,title)" });
  let sheetId = found.sheets?.find((s) => s.properties?.title === tab)?.properties?.sheetId;
  if (sheetId === undefined) {
    const added = await call<BatchUpdateReply>(
      "POST",
      `${sheet}:batchUpdate`,
      { requests: [{ addSheet: { properties: { title: tab } } }] },
      undefined,
      false,
    );
    sheetId = added.replies?.[0]?.addSheet?.properties?.sheetId;
  }

  await call("POST", `${sheet}/values/${encodeURIComponent(quoteTab(tab))}:clear`, {});

  const values = [header, ...rows];
  for (let start = 0; start < values.length; start += ROWS_PER_REQUEST) {
    const range = `${quoteTab(tab)}!A${start + 1}`;
    await call(
      "PUT",
      `${sheet}/values/${encodeURIComponent(range)}`,
      { range, majorDimension: "ROWS", values: values.slice(start, start + ROWS_PER_REQUEST) },
      { valueInputOption: "RAW" },
    );
  }
  const destination = `https://docs.google.com/spreadsheets/d/${id}/edit${sheetId === undefined ? "" : `#gid=${sheetId}`}`;
  return { rows: rows.length, destination };
}
