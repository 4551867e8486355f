import type { ReportDraft } from "@site/core/report/draft";

/**
 * `/report-scam?company=…`: a scam alert's "Report this company" opens the wizard with step 3's
 * company filled in. No imports at run time: the page's first load carries this module.
 */

/** The API's bound on a company's name (report/fields.ts TEXT_MAX, not imported: it brings zod). */
const COMPANY_MAX = 200;

/** The company a link names, trimmed, without control characters; "" when it names none. */
export function companyFromLink(search: string): string {
  const named = new URLSearchParams(search).get("company") ?? "";
  return named
    .replace(/\p{Cc}+/gu, " ")
    .trim()
    .slice(0, COMPANY_MAX)
    .trim();
}

/** The draft with the linked company in step 3, unless the reporter already wrote one. */
export const withLinkedCompany = (draft: ReportDraft, company: string): ReportDraft =>
  company && !draft.scammer.company.trim() ? { ...draft, scammer: { ...draft.scammer, company } } : draft;
