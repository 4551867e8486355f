import type { ConfirmationWait } from "../content/confirmation-wait";
/** The one way the browser talks to /api: JSON in, JSON out, failures as ApiError. */

export type FieldErrors = Record<string, string>;

export class ApiError extends Error {
  readonly status: number;
  readonly fields: FieldErrors;
  constructor(status: number, message: string, fields: FieldErrors = {}) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.fields = fields;
  }
}

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  token?: string;
  /** Message used when the response carries no `error` of its own. */
  fallbackMessage?: string;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /**
   * An answer that is not JSON (a proxy's error page) fails as the spec's 'Invalid response from
   * server: {text}' instead of the fallback: the console's operators see what came back.
   */
  describeInvalid?: boolean;
}

/** The spec's message for an answer that is not JSON, with the start of what came back. */
export const invalidResponse = (text: string) => `Invalid response from server: ${text.trim().slice(0, 200)}`;

function readFields(value: unknown): FieldErrors {
  if (!value || typeof value !== "object") return {};
  const fields: FieldErrors = {};
  for (const [key, message] of Object.entries(value as Record<string, unknown>)) {
    if (typeof message === "string") fields[key] = message;
    else if (Array.isArray(message) && typeof message[0] === "string") fields[key] = message[0];
  }
  return fields;
}

/** Turns a non-2xx response body into an ApiError carrying the API's own message. */
export function toApiError(status: number, body: unknown, fallbackMessage: string): ApiError {
  const record = body && typeof body === "object" ? (body as Record<string, unknown>) : {};
  const message = typeof record.error === "string" && record.error.trim() ? record.error : fallbackMessage;
  return new ApiError(status, message, readFields(record.fields));
}

/** The API answers 415 to a write without a JSON content type, even one with no body. */
const WRITES = new Set(["POST", "PUT", "PATCH"]);

export async function request<T>(url: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? (options.body === undefined ? "GET" : "POST");
  const headers: Record<string, string> = { Accept: "application/json", ...options.headers };
  if (options.body !== undefined || WRITES.has(method)) headers["Content-Type"] = "application/json";
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: "same-origin",
      signal: options.signal,
    });
  } catch (cause) {
    if ((cause as Error)?.name === "AbortError") throw cause;
    throw new ApiError(0, options.fallbackMessage ?? "Network error. Please check your connection.");
  }
  const text = await response.text();
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      if (options.describeInvalid) throw new ApiError(response.status, invalidResponse(text));
      body = null;
    }
  }
  if (!response.ok) {
    throw toApiError(response.status, body, options.fallbackMessage ?? `Request failed (${response.status})`);
  }
  return body as T;
}

/** SWR fetcher: the key is the URL. */
export const fetcher = <T>(url: string): Promise<T> => request<T>(url);

export const postJson = <T>(url: string, body: unknown, options: Omit<RequestOptions, "body" | "method"> = {}) =>
  request<T>(url, { ...options, method: "POST", body });

// Response shapes of the public API.

export interface Petition {
  id: string;
  title: string;
  story: string;
  goal: number;
  /** counted: the confirmed signatures on a petition that verifies them, else all */
  signatureCount: number;
  /** awaiting their e-mail's confirmation (absent from answers cached before it existed) */
  pendingCount?: number;
  verifySignatures?: boolean;
  /** Counted signatures at which signers who asked are e-mailed (admin answers). */
  milestones?: number[];
  createdAt: string;
}

export interface SignatureCount {
  count: number;
}

export interface SignatureInput {
  firstName: string;
  lastName: string;
  email: string;
  timeshareName?: string;
  newsletterConsent?: boolean;
  wantsUpdates?: boolean;
  captchaToken?: string;
  client: { screenResolution: string; timezone: string; language: string };
}

/** A first signature and a repeat of a mailbox that has signed get the same answer. */
export type SignatureCreated =
  { signatureId: string; status: "pending"; mail?: ConfirmationWait } | { signatureId: string; status: "unverified"; signatureCount: number };

/** The counts come with the confirmation only (a link opened again tells nothing but that it was used). */
export type SignatureConfirmed = { status: "confirmed"; signatureCount: number; pendingCount: number } | { status: "already_confirmed" };

export interface ReportCreated {
  reportId: string;
  /** What the reporter can quote, e.g. "TSR-7K3M-9QX2". */
  reference: string;
}

/** A presigned upload: POST `fields` then the file (as `file`, last) to `url` as multipart/form-data. */
export interface EvidenceUploadTicket {
  uploadId: string;
  url: string;
  fields: Record<string, string>;
  maxBytes: number;
}

export interface PublicConfig {
  defaultPetitionId: string;
  recaptchaSiteKey: string | null;
  auth: { userPoolId: string; userPoolClientId: string; userPoolEndpoint: string | null };
}

const petitionPath = (id: string) => `/api/petitions/${encodeURIComponent(id)}`;
const signaturePath = (id: string, signatureId: string) => `${petitionPath(id)}/signatures/${encodeURIComponent(signatureId)}`;

export const api = {
  config: "/api/config",
  petition: petitionPath,
  signatures: (id: string) => `${petitionPath(id)}/signatures`,
  withdraw: (id: string, signatureId: string) => `${signaturePath(id, signatureId)}/withdraw`,
  withdrawLink: (id: string, signatureId: string) => `${signaturePath(id, signatureId)}/withdraw-link`,
  stopUpdates: (id: string, signatureId: string) => `${signaturePath(id, signatureId)}/updates/unsubscribe`,
  confirmSignature: (id: string, signatureId: string) => `${signaturePath(id, signatureId)}/confirm`,
  signatureCount: "/api/signatures/count",
  reports: "/api/reports",
  reportUploads: "/api/reports/uploads",
} as const;
