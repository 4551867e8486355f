import { signatureCells, SIGNATURE_COLUMNS, type SignatureRow } from "@site/core/signature/record";
import { toCsv } from "@site/core/util/csv";
import { datedFileName } from "./files";

/** A signature as admin lists and exports see it; the server defines it. */
export { statusOf, type SignatureRow } from "@site/core/signature/record";

const present = (value: unknown): value is string | number =>
  (typeof value === "string" && value.trim() !== "") || (typeof value === "number" && Number.isFinite(value));

/** The value, or 'N/A' when it is empty. */
export function orNA(value: unknown): string {
  return present(value) ? String(value) : "N/A";
}

/** 'Signed At (EST)': created date plus created time, 'N/A' when either is missing. */
export function signedAt(row: { createdDate?: string | null; createdTime?: string | null }): string {
  return present(row.createdDate) && present(row.createdTime) ? `${row.createdDate} ${row.createdTime}` : "N/A";
}

/** The export's columns and cells are the server's own (also used by the spreadsheet sync). */
export { SIGNATURE_COLUMNS as SIGNATURE_CSV_HEADER, signatureCells as signatureCsvRow, submissionDateOf as submissionDate } from "@site/core/signature/record";

/** The export file's text: every value quoted, inner quotes doubled. */
export function signaturesCsv(rows: SignatureRow[]): string {
  return toCsv([...SIGNATURE_COLUMNS], rows.map(signatureCells));
}

/** petition-signatures-{YYYY-MM-DD}.csv for the (local) current date. */
export function exportFileName(now: Date = new Date()): string {
  return datedFileName("petition-signatures", "csv", now);
}

/** Everything the View Details dialog shows, whatever shape the signature's meta came in. */
export interface SignatureDetails {
  id: string;
  petitionId: string;
  firstName: string;
  lastName: string;
  email: string;
  timeshareName: string;
  createdDate: string;
  createdTime: string;
  createdAt: string;
  device: { browser: string; deviceType: string; screenResolution: string; timezone: string; language: string; userAgent: string };
  location: { city: string; region: string; country: string; ipAddress: string; latitude: string; longitude: string };
}

type Loose = Record<string, unknown>;
const asRecord = (value: unknown): Loose => (value && typeof value === "object" && !Array.isArray(value) ? (value as Loose) : {});
const text = (value: unknown): string => (present(value) ? String(value) : "");

/** The first non-empty value among the given keys of the given records. */
function pick(records: Loose[], ...keys: string[]): string {
  for (const record of records) {
    for (const key of keys) {
      const value = text(record[key]);
      if (value) return value;
    }
  }
  return "";
}

/**
 * Accepts the API's full signature (camelCase `meta`), flat snake_case `meta_details`, and the
 * nested shape {device: {browser, device_type, screen_resolution, timezone}, location: {city,
 * region, country, ip_address}}; a list row (flat fields) works too.
 */
export function normalizeSignatureDetails(raw: unknown): SignatureDetails {
  const top = asRecord(raw);
  const meta = asRecord(top.meta ?? top.meta_details ?? top.metaDetails);
  const device = asRecord(meta.device ?? top.device);
  const location = asRecord(meta.location ?? top.location);
  const deviceSources = [device, meta, top];
  const locationSources = [location, meta, top];
  return {
    id: pick([top], "id"),
    petitionId: pick([top], "petitionId", "petition_id"),
    firstName: pick([top], "firstName", "first_name"),
    lastName: pick([top], "lastName", "last_name"),
    email: pick([top], "email"),
    timeshareName: pick([top], "timeshareName", "timeshare_name"),
    createdDate: pick([top], "createdDate", "created_date"),
    createdTime: pick([top], "createdTime", "created_time"),
    createdAt: pick([top], "createdAt", "created_at"),
    device: {
      browser: pick(deviceSources, "browser"),
      deviceType: pick(deviceSources, "deviceType", "device_type"),
      screenResolution: pick(deviceSources, "screenResolution", "screen_resolution"),
      timezone: pick(deviceSources, "timezone"),
      language: pick(deviceSources, "language"),
      userAgent: pick(deviceSources, "userAgent", "user_agent"),
    },
    location: {
      city: pick(locationSources, "city", "location_city"),
      region: pick(locationSources, "region"),
      country: pick(locationSources, "country"),
      ipAddress: pick(locationSources, "ipAddress", "ip_address"),
      latitude: pick(locationSources, "latitude"),
      longitude: pick(locationSources, "longitude"),
    },
  };
}

/** `extra` over `base`, field by field, where `extra` has a non-empty value. */
export function mergeDetails(base: SignatureDetails, extra: SignatureDetails): SignatureDetails {
  const over = <T extends Record<string, string>>(a: T, b: T): T => {
    const out = { ...a };
    for (const key of Object.keys(b) as (keyof T)[]) if (b[key]) out[key] = b[key];
    return out;
  };
  const { device: baseDevice, location: baseLocation, ...baseTop } = base;
  const { device, location, ...top } = extra;
  return { ...over(baseTop, top), device: over(baseDevice, device), location: over(baseLocation, location) };
}
