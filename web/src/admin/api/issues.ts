import useSWR, { type SWRConfiguration } from "swr";
import type { ApiError } from "../../lib/api";
import { ISSUE_MESSAGES, type Issue, type IssueList, type IssuePreview } from "../pages/newsletter/issues/issuesApi";
import { adminCall } from "./adminCall";
import { apiPath, route } from "./paths";
import { useAdminData } from "./useAdminData";

/** Newsletter issues, newest first, a page at a time (`before`: the previous page's `next`). */
export const useIssues = (before?: string) => useAdminData<IssueList>(withBefore(before), ISSUE_MESSAGES.listFailed);

const withBefore = (before?: string) => (before ? `${apiPath("listIssues")}?before=${encodeURIComponent(before)}` : apiPath("listIssues"));

/** One issue (null: a new draft, nothing to load). */
export const useIssue = (id: string | undefined, config?: SWRConfiguration<Issue, ApiError>) =>
  useAdminData<Issue>(id ? apiPath("getIssue", { id }) : null, ISSUE_MESSAGES.loadFailed, config);

/** How many confirmed subscribers an issue would reach (only asked while it can be sent). */
export const useIssueAudience = (asked: boolean) => useAdminData<{ confirmed: number }>(asked ? apiPath("issueAudience") : null, ISSUE_MESSAGES.loadFailed);

/** The e-mail the server renders for a subject and body (null: nothing worth rendering yet). */
export function useIssuePreview(content: { subject: string; body: string } | null) {
  return useSWR<IssuePreview, ApiError, [string, string, string] | null>(
    content ? [apiPath("previewIssue"), content.subject, content.body] : null,
    ([, subject, body]) => adminCall<IssuePreview>(route("previewIssue"), { body: { subject, body }, fallbackMessage: ISSUE_MESSAGES.previewFailed }),
    { keepPreviousData: true, revalidateOnFocus: false },
  );
}
