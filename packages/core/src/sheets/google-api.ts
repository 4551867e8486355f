import { JWT } from "google-auth-library";
import { z } from "zod";
import { settings } from "../config";
import { GoogleError, SheetsError } from "./errors";

/** The service account's token and one call to a Google API (Sheets, Drive); google.ts writes tabs with it. */

/** Read and write spreadsheets; nothing else (no Drive access): all a sync in place needs. */
export const SCOPE = "https://www.googleapis.com/auth/spreadsheets";
/**
 * With SHEETS_FRESH_FILE_PER_SYNC only: create, list and delete files in the shared drive's folder
 * (google-file.ts). `drive.file` covers the files the app created or opened; the folder is one an
 * administrator made, and we could not confirm `drive.file` lets a file be created in it, so this
 * is `drive`. What it reaches is still only what is shared with the service account (the folder's
 * shared drive, and the spreadsheet).
 */
export const DRIVE_SCOPE = "https://www.googleapis.com/auth/drive";
/** Where google-auth-library posts its JWT bearer grant; GOOGLE_TOKEN_URL can point it elsewhere (tests). */
export const DEFAULT_TOKEN_URL = "https://oauth2.googleapis.com/token";
/** Each Sheets API request gives up after this long (and is retried when repeatable). */
export const REQUEST_TIMEOUT_MS = 60_000;

const ServiceAccount = z.object({
  client_email: z.string().min(1, "client_email is missing"),
  private_key: z.string().min(1, "private_key is missing"),
});

let cached: { account: string; tokenUrl: string; scopes: string; client: JWT } | undefined;

/** The scopes the token asks for: the Drive's only when a sync writes a fresh file. */
const scopes = () => (settings().SHEETS_FRESH_FILE_PER_SYNC ? [SCOPE, DRIVE_SCOPE] : [SCOPE]);

/** The service account's OAuth client (one per process; it caches and refreshes its access token). */
function client(): JWT {
  const s = settings();
  const account = s.GOOGLE_SERVICE_ACCOUNT;
  if (!account) throw new SheetsError("GOOGLE_SERVICE_ACCOUNT is not set");
  const wanted = scopes();
  if (cached && cached.account === account && cached.tokenUrl === s.GOOGLE_TOKEN_URL && cached.scopes === wanted.join(" ")) return cached.client;

  let json: unknown;
  try {
    json = JSON.parse(account);
  } catch {
    throw new SheetsError("GOOGLE_SERVICE_ACCOUNT is not JSON (set it to the service account's key file)");
  }
  const key = ServiceAccount.safeParse(json);
  if (!key.success) throw new SheetsError(`GOOGLE_SERVICE_ACCOUNT: ${key.error.issues.map((i) => i.message).join(", ")}`);

  const jwt = new JWT({ email: key.data.client_email, key: key.data.private_key, scopes: wanted });
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
  cached = { account, tokenUrl, scopes: wanted.join(" "), client: jwt };
  return jwt;
}

interface GoogleErrorBody {
  error?: { message?: string; status?: string } | string;
  error_description?: string;
}

type Service = "Google Sheets" | "Google Drive";

/** A readable reason from a Google API or token error. */
function reason(err: unknown, service: Service): string {
  const e = err as { response?: { status?: number; data?: GoogleErrorBody }; message?: string };
  const data = e.response?.data;
  const detail =
    typeof data?.error === "object" ? (data.error.message ?? data.error.status) : [data?.error, data?.error_description].filter(Boolean).join(": ");
  if (e.response?.status) return `${service} answered ${e.response.status}${detail ? `: ${detail}` : ""}`;
  return e.message ?? String(err);
}

/** The HTTP status of a failed Google call, if it had one. */
export const statusOf = (err: unknown): number | undefined => (err instanceof GoogleError ? err.status : undefined);

/** gaxios aborts a request that outlives `timeout` with the signal's TimeoutError as the reason. */
const timedOut = (err: unknown) => {
  const e = err as { code?: string; config?: { signal?: AbortSignal } };
  return e.code === "TimeoutError" || (e.config?.signal?.aborted === true && (e.config.signal.reason as Error | undefined)?.name === "TimeoutError");
};

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * A caller of one Google API (`path` under the setting's base URL) with the service account's token.
 * Repeatable calls (reads, clear, update) are retried on 429 and 5xx with backoff; adding a tab is
 * not (a repeat would fail as a duplicate).
 */
const apiCall =
  (service: Service, baseUrl: "GOOGLE_SHEETS_API_URL" | "GOOGLE_DRIVE_API_URL") =>
  <T>(method: Method, path: string, data?: unknown, params?: Record<string, string>, repeatable = true, timeoutMs = REQUEST_TIMEOUT_MS): Promise<T> =>
    request<T>(service, `${settings()[baseUrl].replace(/\/$/, "")}${path}`, method, data, params, repeatable, timeoutMs);

/** One Sheets API call (`path` under GOOGLE_SHEETS_API_URL). */
export const call = apiCall("Google Sheets", "GOOGLE_SHEETS_API_URL");
/** One Drive API call (`path` under GOOGLE_DRIVE_API_URL, e.g. `/files`). */
export const driveCall = apiCall("Google Drive", "GOOGLE_DRIVE_API_URL");

async function request<T>(
  service: Service,
  url: string,
  method: Method,
  data: unknown,
  params: Record<string, string> | undefined,
  repeatable: boolean,
  timeoutMs: number,
): Promise<T> {
  try {
    const res = await client().request<T>({
      url,
      method,
      data,
      params,
      responseType: "json",
      timeout: timeoutMs,
      retry: repeatable,
      retryConfig: repeatable
        ? {
            retry: 3,
            httpMethodsToRetry: ["GET", "PUT", "POST", "PATCH", "DELETE"],
            statusCodesToRetry: [
              [429, 429],
              [500, 599],
            ],
          }
        : undefined,
    });
    return res.data;
  } catch (err) {
    if (err instanceof SheetsError) throw err;
    if (timedOut(err)) throw new SheetsError(`${service} did not answer within ${timeoutMs / 1000} s`);
    throw new GoogleError(reason(err, service), (err as { response?: { status?: number } }).response?.status);
  }
}
