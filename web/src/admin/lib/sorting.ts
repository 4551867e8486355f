/** Sort choices of the admin lists: what the screen shows → what the API takes. */
export type SortOrder = "asc" | "desc";

export interface SortOption {
  value: string;
  label: string;
  /** the API's `sort` value */
  api: string;
}

export const ORDER_OPTIONS: { value: SortOrder; label: string }[] = [
  { value: "desc", label: "Descending" },
  { value: "asc", label: "Ascending" },
];

/** Dashboard, Petitions tab (spec: created_at, signature_count, goal). */
export const DASHBOARD_PETITION_SORTS: SortOption[] = [
  { value: "created_at", label: "Created At", api: "createdAt" },
  { value: "signature_count", label: "Signature Count", api: "signatureCount" },
  { value: "goal", label: "Goal", api: "goal" },
];

/** Dashboard, Signatures tab (spec: created_at, first_name, last_name, email, petition_id). */
export const DASHBOARD_SIGNATURE_SORTS: SortOption[] = [
  { value: "created_at", label: "Created At", api: "createdAt" },
  { value: "first_name", label: "First Name", api: "firstName" },
  { value: "last_name", label: "Last Name", api: "lastName" },
  { value: "email", label: "Email", api: "email" },
  { value: "petition_id", label: "Petition ID", api: "petitionId" },
];

/** Manage Petitions. */
export const PETITION_SORTS: SortOption[] = [
  { value: "created_at", label: "Date Created", api: "createdAt" },
  { value: "signature_count", label: "Signature Count", api: "signatureCount" },
  { value: "goal", label: "Goal", api: "goal" },
];

/** Petition signatures screen; default Date Signed, descending. */
export const SIGNATURE_SORTS: SortOption[] = [
  { value: "created_date", label: "Date Signed", api: "createdAt" },
  { value: "first_name", label: "First Name", api: "firstName" },
  { value: "last_name", label: "Last Name", api: "lastName" },
  { value: "email", label: "Email", api: "email" },
  { value: "timeshare_name", label: "Timeshare Name", api: "timeshareName" },
];

/** The API sort for a screen value; the first option when the value is unknown. */
export function apiSort(options: SortOption[], value: string | null | undefined): string {
  return (options.find((o) => o.value === value) ?? options[0]!).api;
}

export function asOrder(value: string | null | undefined): SortOrder {
  return value === "asc" ? "asc" : "desc";
}
