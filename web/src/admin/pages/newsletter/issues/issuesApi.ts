import type { ApiError } from "../../../../lib/api";
import { adminCall } from "../../../api/adminCall";
import type { BoundRoute } from "../../../api/paths";
import { IssueContent, type IssueContentInput, type IssueStatus } from "@site/core/newsletter/issues/input";

export type { Issue, IssueList, IssuePreview, IssueStatus, IssueSummary, SendStarted } from "@site/core/newsletter/issues/input";

export const ISSUE_MESSAGES = {
  listFailed: "Failed to load the newsletter issues",
  loadFailed: "Failed to load the issue",
  saveFailed: "Failed to save the draft",
  deleteFailed: "Failed to delete the draft",
  previewFailed: "The preview could not be rendered",
  testFailed: "Failed to send the test e-mail",
  sendFailed: "Failed to start sending",
  resumeFailed: "Failed to resume sending",
  progressFailed: "Sending stopped; reload the page to see where it is",
} as const;

/** A write to an issue route (api/paths), failing with `fallbackMessage` when the API says nothing. */
export const issueRequest = <T>(target: BoundRoute, fallbackMessage: string, body?: unknown) => adminCall<T>(target, { body, fallbackMessage });

/** Field errors of a draft's content, by the server's own schema ({} when it is fine). */
export function contentErrors(content: IssueContentInput): Record<string, string> {
  const parsed = IssueContent.safeParse(content);
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? "body")] ??= issue.message;
  return errors;
}

/** The API's field errors, else its message under `form`. */
export function errorsOf(cause: unknown, fallback: string): Record<string, string> {
  const apiError = cause as Partial<ApiError>;
  const fields = apiError.fields && Object.keys(apiError.fields).length ? apiError.fields : {};
  return { ...fields, form: apiError.message || fallback };
}

export const STATUS_LABELS: Record<IssueStatus, string> = { draft: "Draft", sending: "Sending", paused: "Paused", sent: "Sent" };
export const STATUS_COLORS: Record<IssueStatus, string> = { draft: "gray", sending: "blue", paused: "orange", sent: "brand" };
