import { Anchor, Badge, Button, Code, Group, Table, Text } from "@mantine/core";
import { Link } from "react-router-dom";
import { useDocumentTitle } from "../../../hooks/useDocumentTitle";
import { formatCount } from "../../../lib/format";
import { useAuth } from "../../auth";
import { casesResource } from "../../api/cases";
import { CollectionScreen, FilterSelect, TotalCountCard, useCollectionScreen } from "../../collection";
import { PageHeader } from "../../components/PageHeader";
import { ProposalsButton } from "./ProposalsButton";
import {
  CASE_SORTS,
  CASE_STATUS_COLORS,
  MESSAGES,
  PAGE_SIZE,
  PAGE_SIZES,
  STATUS_FILTER,
  amountText,
  caseLink,
  caseStatusLabel,
  easternTime,
  statesList,
  type CaseRow,
} from "./cases";

type Filters = { status: string; assignee: string };
const NO_FILTERS: Filters = { status: "", assignee: "" };

/** /admin/cases: the cases, with their counts, filtered by status and assignee, searched, sorted and paged like the other lists. */
export function CasesPage() {
  useDocumentTitle("Cases");
  const { state } = useAuth();
  const me = state.status === "signedIn" ? state.username : "";
  const cases = useCollectionScreen<CaseRow, Filters>({
    resource: casesResource,
    sorts: CASE_SORTS,
    pageSize: PAGE_SIZE,
    filters: NO_FILTERS,
    messages: MESSAGES,
  });
  const { list, filters, setFilter } = cases;
  const assigneeFilter = [
    { value: "", label: "Anyone" },
    ...(me ? [{ value: me.toLowerCase(), label: "Me" }] : []),
    { value: "unassigned", label: "Unassigned" },
  ];

  return (
    <CollectionScreen
      screen={cases}
      header={
        <PageHeader
          title="Cases"
          subtitle="Scam reports linked by what they share: a company, a phone number, a website."
          back={{ to: "/admin/dashboard", label: "Back to Dashboard" }}
          actions={
            <>
              <ProposalsButton />
              <Button component={Link} to="/admin/scam-alerts" variant="default">
                Scam Alerts
              </Button>
            </>
          }
        />
      }
      summary={<TotalCountCard heading="Cases" label="Total Cases" total={list.total} />}
      sorts={CASE_SORTS}
      search={{ label: "Search Cases", placeholder: "Company or case reference" }}
      toolbarRefresh
      filters={
        <>
          <FilterSelect label="Status" data={STATUS_FILTER} value={filters.status} onChange={(value) => setFilter("status", value)} width={190} />
          <FilterSelect label="Assignee" data={assigneeFilter} value={filters.assignee} onChange={(value) => setFilter("assignee", value)} width={140} />
        </>
      }
      table={{
        label: "Cases",
        loadingText: "Loading cases...",
        empty: MESSAGES.empty,
        minWidth: 1000,
        pageSizes: PAGE_SIZES,
        columns: [
          { header: "Reference" },
          { header: "Title" },
          { header: "Status" },
          { header: "Assignee" },
          { header: "Reports", align: "right" },
          { header: "Amount Lost", align: "right" },
          { header: "States" },
          { header: "Last Report (EST)" },
        ],
        renderRow: (row) => (
          <Table.Tr key={row.id} data-case-id={row.id}>
            <Table.Td style={{ whiteSpace: "nowrap" }}>
              <Anchor component={Link} to={caseLink(row.id)} aria-label={`Open case ${row.reference}`}>
                <Code fz="xs">{row.reference}</Code>
              </Anchor>
            </Table.Td>
            <Table.Td>
              <Text fz="sm" fw={600} style={{ overflowWrap: "anywhere" }}>
                {row.title}
              </Text>
            </Table.Td>
            <Table.Td style={{ whiteSpace: "nowrap" }}>
              <Badge variant="light" color={CASE_STATUS_COLORS[row.status] ?? "gray"} c="ink.9" data-status={row.status}>
                {caseStatusLabel(row.status)}
              </Badge>
            </Table.Td>
            <Table.Td>
              <Text fz="sm" style={{ overflowWrap: "anywhere" }}>
                {row.assignee || "—"}
              </Text>
            </Table.Td>
            <Table.Td ta="right">{formatCount(row.reports)}</Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: "nowrap" }}>
              {amountText(row.amountLost)}
            </Table.Td>
            <Table.Td>{statesList(row.states)}</Table.Td>
            <Table.Td style={{ whiteSpace: "nowrap" }}>{easternTime(row.lastReportAt)}</Table.Td>
          </Table.Tr>
        ),
      }}
      footer={
        <Group justify="space-between">
          <Text fz="xs" c="dimmed">
            Times are shown in US Eastern time (America/New_York). Amounts are the sum of what the case&apos;s reporters said they lost.
          </Text>
        </Group>
      }
    />
  );
}
