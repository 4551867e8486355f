// The admin screens use many more Mantine components than the public pages (styles/public.ts): the
// whole stylesheet, layered, so it never outranks the site's own CSS however late it loads.
import "@mantine/core/styles.layer.css";
import "./admin.css";
import { Alert, Center } from "@mantine/core";
import { Navigate, Route, Routes } from "react-router-dom";
import { PageLoader } from "../components/PageLoader";
import { useConfig } from "./useConfig";
import { configureAmplify } from "./amplify";
import { AdminGuard } from "./AdminGuard";
import { AuthProvider } from "./auth";
import { DashboardPage } from "./DashboardPage";
import { LoginPage } from "./LoginPage";
import { SignOutRoute } from "./SignOutRoute";
import { AnalyticsRoute } from "./pages/analytics/AnalyticsRoute";
import { CaseRoute } from "./pages/cases/CasePage";
import { CasesPage } from "./pages/cases/CasesPage";
import { ProposalsPage } from "./pages/cases/ProposalsPage";
import { ScamAlertRoute } from "./pages/scam-alerts/ScamAlertPage";
import { RecordKindRoute, RecordKindsPage } from "./pages/records/RecordsPage";
import { ScamAlertsPage } from "./pages/scam-alerts/ScamAlertsPage";
import { CreatePetitionPage } from "./pages/CreatePetitionPage";
import { FormsPage } from "./pages/forms/FormsPage";
import { LeadSubmissionsRoute } from "./pages/forms/LeadSubmissionsPage";
import { HealthPage } from "./pages/health/HealthPage";
import { ManagePetitionsPage } from "./pages/ManagePetitionsPage";
import { SubscribersPage } from "./pages/newsletter/SubscribersPage";
import { ComposeIssueRoute } from "./pages/newsletter/issues/ComposeIssuePage";
import { IssuesPage } from "./pages/newsletter/issues/IssuesPage";
import { SuppressionsPage } from "./pages/newsletter/SuppressionsPage";
import { PrivacyRequestsPage } from "./pages/privacy/PrivacyRequestsPage";
import { ScamReportsPage } from "./pages/ScamReportsPage";
import { PetitionSignaturesPage, SignaturesPage } from "./pages/SignaturesPage";
import { TestEmailPage } from "./pages/TestEmailPage";

/** The lazily loaded admin area, mounted at /admin/*. */
export default function AdminApp() {
  const { data: config, error } = useConfig();
  if (error && !config) {
    return (
      <Center mih="60vh" p="md">
        <Alert color="red" variant="light" role="alert" title="Admin unavailable">
          Failed to load the sign-in configuration. Please try again later.
        </Alert>
      </Center>
    );
  }
  if (!config) return <PageLoader label="Loading admin..." />;
  configureAmplify(config.auth);

  return (
    <AuthProvider>
      <Routes>
        <Route path="login" element={<LoginPage />} />
        <Route path="sign-out" element={<SignOutRoute />} />
        <Route element={<AdminGuard />}>
          <Route index element={<Navigate to="/admin/dashboard" replace />} />
          <Route path="dashboard" element={<DashboardPage />} />
          <Route path="petitions" element={<ManagePetitionsPage />} />
          <Route path="create-petition" element={<CreatePetitionPage />} />
          <Route path="petition-signatures" element={<SignaturesPage />} />
          <Route path="petitions/:id/signatures" element={<PetitionSignaturesPage />} />
          <Route path="test-email" element={<TestEmailPage />} />
          <Route path="scam-reports" element={<ScamReportsPage />} />
          <Route path="cases" element={<CasesPage />} />
          <Route path="cases/proposals" element={<ProposalsPage />} />
          <Route path="cases/:id" element={<CaseRoute />} />
          <Route path="scam-alerts" element={<ScamAlertsPage />} />
          <Route path="scam-alerts/:slug" element={<ScamAlertRoute />} />
          <Route path="forms" element={<FormsPage />} />
          <Route path="forms/:slug" element={<LeadSubmissionsRoute />} />
          <Route path="newsletter" element={<SubscribersPage />} />
          <Route path="newsletter/issues" element={<IssuesPage />} />
          <Route path="newsletter/issues/:id" element={<ComposeIssueRoute />} />
          <Route path="newsletter/suppressions" element={<SuppressionsPage />} />
          <Route path="analytics" element={<AnalyticsRoute />} />
          <Route path="records" element={<RecordKindsPage />} />
          <Route path="records/:plural" element={<RecordKindRoute />} />
          <Route path="privacy" element={<PrivacyRequestsPage />} />
          <Route path="health" element={<HealthPage />} />
          <Route path="*" element={<Navigate to="/404" replace />} />
        </Route>
      </Routes>
    </AuthProvider>
  );
}
