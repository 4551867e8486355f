import { Alert, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router-dom";
import { useDocumentTitle } from "../../../hooks/useDocumentTitle";
import { formatCount } from "../../../lib/format";
import { useFormsSummary } from "../../api/leads";
import { PageHeader } from "../../components/PageHeader";
import { ADMIN_FORM_ORDER, LEAD_FORM_INFO, LEAD_LIST_MESSAGES, latestText, type FormSummary, type LeadForm } from "../../lib/leads";

const TITLE = "Forms Management";

/** One form's card: its title, count, latest submission and the way to its list. */
function FormCard({ form, summary, loading }: { form: LeadForm; summary: FormSummary | undefined; loading: boolean }) {
  const info = LEAD_FORM_INFO[form];
  const latest = latestText(summary);
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label={info.adminTitle} data-form={form}>
      <Stack gap="sm" h="100%" justify="space-between">
        <div>
          <Title order={2} fz="lg" c="ink.9">
            {info.adminTitle}
          </Title>
          <Text fz="sm" c="dimmed">
            {info.documentTitle}
          </Text>
        </div>
        <div aria-live="polite">
          {loading ? (
            <Loader size="sm" color="brand" aria-label={`Loading the count of ${info.adminTitle}`} />
          ) : (
            <>
              <Text fz={28} fw={800} c="ink.9" lh={1.2} data-testid="submission-count">
                {summary ? formatCount(summary.count) : "—"}
              </Text>
              <Text fz="sm" c="ink.7">
                {summary && summary.count === 1 ? "submission" : "submissions"}
              </Text>
              <Text fz="xs" c="dimmed" mt={4}>
                {summary ? (latest ? `Latest: ${latest}` : "No submissions yet") : "Count unavailable"}
              </Text>
            </>
          )}
        </div>
        <Button component={Link} to={`/admin/forms/${info.adminSlug}`} variant="light" aria-label={`View Entries of ${info.adminTitle}`}>
          View Entries
        </Button>
      </Stack>
    </Card>
  );
}

/** /admin/forms: the four free-guide forms, each with its count and latest submission (US Eastern). */
export function FormsPage() {
  useDocumentTitle(TITLE);
  const { data, error, isValidating, mutate } = useFormsSummary();
  const byForm = new Map((data?.forms ?? []).map((s) => [s.form, s]));
  const loading = !data && !error;

  return (
    <Stack gap="lg">
      <PageHeader
        title={TITLE}
        subtitle="Submissions of the free guide forms."
        back={{ to: "/admin/dashboard", label: "Back to Dashboard" }}
        actions={
          <Button variant="default" onClick={() => void mutate()} loading={isValidating && !loading}>
            Refresh Data
          </Button>
        }
      />
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error.message || LEAD_LIST_MESSAGES.summaryFailed}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
        {ADMIN_FORM_ORDER.map((form) => (
          <FormCard key={form} form={form} summary={byForm.get(form)} loading={loading} />
        ))}
      </SimpleGrid>
      <Group>
        <Text fz="xs" c="dimmed">
          Times are shown in US Eastern time (America/New_York).
        </Text>
      </Group>
    </Stack>
  );
}
