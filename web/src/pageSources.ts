import type { PublicPath } from "./publicRoutes";

/**
 * Which module holds the page of each public route (publicRoutes.ts), and its component's name:
 * pageModules.ts loads them. A route without a page, or the reverse, fails typecheck; a wrong module
 * or name fails the build (the prerenderer loads them all). Plain data, so the build's tests read it
 * too (test/build/js-budget.test.ts).
 */
export const PAGE_MODULES: Record<PublicPath, [module: string, component: string]> = {
  "/": ["./pages/HomePage.tsx", "HomePage"],
  "/petition": ["./pages/PetitionPage/PetitionPage.tsx", "PetitionPage"],
  "/consumer-rights": ["./pages/ConsumerRightsPage.tsx", "ConsumerRightsPage"],
  "/donate": ["./pages/DonatePage.tsx", "DonatePage"],
  "/complete": ["./pages/DonationCompletePage.tsx", "DonationCompletePage"],
  "/cancel": ["./pages/DonationCancelPage.tsx", "DonationCancelPage"],
  "/timeshare-scam": ["./pages/TimeshareScamPage.tsx", "TimeshareScamPage"],
  "/report-scam": ["./pages/ReportScamPage/ReportScamPage.tsx", "ReportScamPage"],
  "/report-scam/thank-you": ["./pages/ReportThankYouPage.tsx", "ReportThankYouPage"],
  "/report-status": ["./pages/reportStatus/ReportStatusRequestPage.tsx", "ReportStatusRequestPage"],
  "/report-status/unsubscribe": ["./pages/reportStatus/StopReportUpdatesPage.tsx", "StopReportUpdatesPage"],
  "/report-status/:token": ["./pages/reportStatus/ReportStatusPage.tsx", "ReportStatusPage"],
  "/timeshare-scam-checklist": ["./pages/GuidePage/ChecklistPage.tsx", "ChecklistPage"],
  "/where-scams-thrive": ["./pages/GuidePage/WhereScamsThrivePage.tsx", "WhereScamsThrivePage"],
  "/before-you-sign": ["./pages/GuidePage/BeforeYouSignPage.tsx", "BeforeYouSignPage"],
  "/spotting-exit-scams": ["./pages/GuidePage/SpottingExitScamsPage.tsx", "SpottingExitScamsPage"],
  "/how-timeshare-scams-work": ["./pages/HowScamsWorkPage.tsx", "HowScamsWorkPage"],
  "/timeshare-scam-awareness": ["./pages/ScamAwarenessPage.tsx", "ScamAwarenessPage"],
  "/scam-alerts": ["./pages/scamAlerts/ScamAlertsPage.tsx", "ScamAlertsPage"],
  "/scam-alerts/:slug": ["./pages/scamAlerts/ScamAlertPage.tsx", "ScamAlertPage"],
  "/newsletter/confirmed": ["./pages/newsletter/NewsletterConfirmedPage.tsx", "NewsletterConfirmedPage"],
  "/newsletter/unsubscribe": ["./pages/newsletter/NewsletterUnsubscribePage.tsx", "NewsletterUnsubscribePage"],
  "/privacy-policy": ["./pages/privacy/PrivacyPolicyPage.tsx", "PrivacyPolicyPage"],
  "/data-deletion-request": ["./pages/privacy/DataDeletionRequestPage.tsx", "DataDeletionRequestPage"],
  "/my-data": ["./pages/privacy/MyDataPage.tsx", "MyDataPage"],
  "/sign/:id": ["./pages/SignPage.tsx", "SignPage"],
  "/share/:id": ["./pages/SharePage.tsx", "SharePage"],
  "/thank-you/:id": ["./pages/ThankYouPage.tsx", "ThankYouPage"],
  "/petitions/:id/withdraw": ["./pages/WithdrawPage.tsx", "WithdrawPage"],
  "/petitions/:id/updates/unsubscribe": ["./pages/StopUpdatesPage.tsx", "StopUpdatesPage"],
  "/petitions/:id/confirm": ["./pages/ConfirmSignaturePage.tsx", "ConfirmSignaturePage"],
  "/unauthorized": ["./pages/UnauthorizedPage.tsx", "UnauthorizedPage"],
  "/404": ["./pages/NotFoundPage.tsx", "NotFoundPage"],
};

/**
 * The source file of each page as the build manifest names it ("src/pages/HomePage.tsx"): the
 * prerenderer links each page's CSS from its HTML, so it is there at first paint.
 */
export const PAGE_SOURCES = /* @__PURE__ */ Object.fromEntries(
  Object.entries(PAGE_MODULES).map(([path, [module]]) => [path, `src/${module.slice(2)}`]),
) as Record<PublicPath, string>;
