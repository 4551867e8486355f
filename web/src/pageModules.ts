import type { ComponentType } from "react";
import { routeOf, type PublicPath } from "./publicRoutes";

/**
 * Which module holds the page of each public route (publicRoutes.ts), and loading it. No React here:
 * the bootstrap (main.tsx) uses this to fetch the current page's chunk alongside the app's. A route
 * without a page, or the reverse, fails typecheck; a wrong module or name fails the build (the
 * prerenderer loads them all).
 */
const SOURCES: Record<PublicPath, [module: string, component: string]> = {
  "/": ["./pages/HomePage.tsx", "HomePage"],
  "/petition": ["./pages/PetitionPage/PetitionPage.tsx", "PetitionPage"],
  "/consumer-rights": ["./pages/ConsumerRightsPage.tsx", "ConsumerRightsPage"],
  "/donate": ["./pages/DonatePage.tsx", "DonatePage"],
  "/complete": ["./pages/DonationCompletePage.tsx", "DonationCompletePage"],
  "/cancel": ["./pages/DonationCancelPage.tsx", "DonationCancelPage"],
  "/timeshare-scam": ["./pages/TimeshareScamPage.tsx", "TimeshareScamPage"],
  "/report-scam": ["./pages/ReportScamPage/ReportScamPage.tsx", "ReportScamPage"],
  "/report-scam/thank-you": ["./pages/ReportThankYouPage.tsx", "ReportThankYouPage"],
  "/timeshare-scam-checklist": ["./pages/GuidePage/ChecklistPage.tsx", "ChecklistPage"],
  "/where-scams-thrive": ["./pages/GuidePage/WhereScamsThrivePage.tsx", "WhereScamsThrivePage"],
  "/before-you-sign": ["./pages/GuidePage/BeforeYouSignPage.tsx", "BeforeYouSignPage"],
  "/spotting-exit-scams": ["./pages/GuidePage/SpottingExitScamsPage.tsx", "SpottingExitScamsPage"],
  "/how-timeshare-scams-work": ["./pages/HowScamsWorkPage.tsx", "HowScamsWorkPage"],
  "/timeshare-scam-awareness": ["./pages/ScamAwarenessPage.tsx", "ScamAwarenessPage"],
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

/** Every page module, loaded on demand: each becomes its own chunk. */
const modules = import.meta.glob<Record<string, ComponentType>>("./pages/**/*Page.tsx");

const loading = new Map<PublicPath, Promise<ComponentType>>();

/** The page component of `path`, loaded once. */
export function importPage(path: PublicPath): Promise<ComponentType> {
  let page = loading.get(path);
  if (!page) {
    const [module, component] = SOURCES[path];
    const importer = modules[module];
    if (!importer) throw new Error(`No page module ${module} (web/src/pageModules.ts)`);
    page = importer().then((m) => {
      const Page = m[component];
      if (!Page) throw new Error(`${module} exports no ${component}`);
      return Page;
    });
    loading.set(path, page);
  }
  return page;
}

/** Starts loading the page that `pathname` shows, if it is a public page (not the admin area). */
export function preloadPageFor(pathname: string): Promise<unknown> {
  const route = routeOf(pathname);
  return route ? importPage(route.path) : Promise.resolve();
}

/**
 * The source file of each page as the build manifest names it ("src/pages/HomePage.tsx"): the
 * prerenderer links each page's CSS from its HTML, so it is there at first paint.
 */
export const PAGE_SOURCES = Object.fromEntries(Object.entries(SOURCES).map(([path, [module]]) => [path, `src/${module.slice(2)}`])) as Record<
  PublicPath,
  string
>;
