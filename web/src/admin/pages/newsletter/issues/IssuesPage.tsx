import { Alert, Anchor, Button, Card, Group, Stack, Table, Text } from "@mantine/core";
import { Link } from "react-router-dom";
import { useDocumentTitle } from "../../../../hooks/useDocumentTitle";
import { formatCount, formatDateTimeNY } from "../../../../lib/format";
import { CursorPager, useCursorPages } from "../../../components/CursorPager";
import { DataTable } from "../../../components/DataTable";
import { PageHeader } from "../../../components/PageHeader";
import { IssueStatusBadge } from "./IssueStatusBadge";
import { useIssues } from "../../../api/issues";
import { ISSUE_MESSAGES, type IssueSummary } from "./issuesApi";

const TITLE = "Newsletter Issues";

const COLUMNS = [
  { header: "Subject" },
  { header: "Status", width: 110 },
  { header: "Created", width: 160 },
  { header: "Sent at", width: 160 },
  { header: "Recipients", width: 100, align: "right" as const },
  { header: "Sent", width: 80, align: "right" as const },
  { header: "Failed", width: 80, align: "right" as const },
  // what SES reported afterwards
  { header: "Delivered", width: 90, align: "right" as const },
  { header: "Bounced", width: 90, align: "right" as const },
  { header: "Complaints", width: 100, align: "right" as const },
];

/** What the Sent column says: when it finished, or how far it got. */
function sentCell(issue: IssueSummary): string {
  if (issue.sentAt) return formatDateTimeNY(issue.sentAt);
  if (issue.status === "sending") return "In progress";
  if (issue.status === "paused") return "Paused";
  return "—";
}

function IssueRow({ issue }: { issue: IssueSummary }) {
  const counted = issue.status !== "draft";
  return (
    <Table.Tr data-issue={issue.id}>
      <Table.Td>
        <Anchor component={Link} to={`/admin/newsletter/issues/${issue.id}`} fw={600}>
          {issue.subject}
        </Anchor>
      </Table.Td>
      <Table.Td>
        <IssueStatusBadge status={issue.status} />
      </Table.Td>
      <Table.Td>{formatDateTimeNY(issue.createdAt)}</Table.Td>
      <Table.Td>{sentCell(issue)}</Table.Td>
      <Table.Td ta="right">{counted ? formatCount(issue.counts.recipients) : "—"}</Table.Td>
      <Table.Td ta="right">{counted ? formatCount(issue.counts.sent) : "—"}</Table.Td>
      <Table.Td ta="right" c={issue.counts.failed > 0 ? "red.8" : undefined}>
        {counted ? formatCount(issue.counts.failed) : "—"}
      </Table.Td>
      <Table.Td ta="right">{counted ? formatCount(issue.feedback.delivered) : "—"}</Table.Td>
      <Table.Td ta="right" c={issue.feedback.bounced > 0 ? "orange.9" : undefined}>
        {counted ? formatCount(issue.feedback.bounced) : "—"}
      </Table.Td>
      <Table.Td ta="right" c={issue.feedback.complained > 0 ? "red.8" : undefined}>
        {counted ? formatCount(issue.feedback.complained) : "—"}
      </Table.Td>
    </Table.Tr>
  );
}

/** /admin/newsletter/issues: every issue, newest first, with its status and counts, and a way to write the next. */
export function IssuesPage() {
  useDocumentTitle(TITLE);
  const pages = useCursorPages();
  const { data, error, isLoading, isValidating, mutate } = useIssues(pages.cursor);

  return (
    <Stack gap="lg">
      <PageHeader
        title={TITLE}
        subtitle="Compose an issue, test it, and send it to every confirmed subscriber."
        back={{ to: "/admin/newsletter", label: "Back to Subscribers" }}
        actions={
          <>
            <Button variant="default" onClick={() => void mutate()} loading={isValidating && !isLoading}>
              Refresh
            </Button>
            <Button component={Link} to="/admin/newsletter/issues/new">
              New issue
            </Button>
          </>
        }
      />
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error.message || ISSUE_MESSAGES.listFailed}
        </Alert>
      )}
      <Card withBorder radius="lg" padding="md">
        <DataTable
          label="Newsletter issues"
          minWidth={960}
          columns={COLUMNS}
          rows={data?.items ?? []}
          empty={isLoading ? "Loading issues..." : "No issues yet. Write the first one with “New issue”."}
          renderRow={(issue) => <IssueRow key={issue.id} issue={issue} />}
        />
        <Group justify="space-between" mt="md">
          <Text fz="xs" c="dimmed">
            Times are shown in US Eastern time (America/New_York). Failed counts copies the mailer refused, and any a crash left unconfirmed: none is ever sent
            twice. Delivered, bounced and complaints are what SES reports afterwards; an issue pauses itself when its bounces or complaints reach SES&apos;s
            review rates.
          </Text>
          <CursorPager pages={pages} next={data?.next} />
        </Group>
      </Card>
    </Stack>
  );
}
