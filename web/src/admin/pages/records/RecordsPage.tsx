import { Alert, Button, Card, Group, Loader, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { useMemo } from "react";
import { Link, useParams } from "react-router-dom";
import { useDocumentTitle } from "../../../hooks/useDocumentTitle";
import { formatDateTimeNY } from "../../../lib/format";
import { RECORDS_MESSAGES as MESSAGES, recordsResource, useRecordKinds, type KindConsole, type RecordRow } from "../../api/records";
import { CollectionScreen, RefreshDataButton, TotalCountCard, useCollectionScreen } from "../../collection";
import { PageHeader } from "../../components/PageHeader";
import { NoticeBanner } from "../../components/NoticeBanner";
import { useNotice } from "../../hooks/useNotice";
import { datedFileName } from "../../lib/files";

const TITLE = "Other Records";
const BACK = { to: "/admin/records", label: `Back to ${TITLE}` };
const PAGE_SIZES = [25, 50, 100, 250];
const DELETED_TOAST_MS = 4000;

/** "volunteers-2025-03-08.csv": the export's file, named by the kind and today's date. */
export const recordsFileName = (kind: KindConsole, now: Date = new Date()) => datedFileName(kind.plural, "csv", now);

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A cell of a registered kind's row: its time in US Eastern, a list joined, anything else as text. */
function cellText(field: string, value: unknown): string {
  if (value === undefined || value === null || value === "") return "—";
  if (field === "createdAt") return formatDateTimeNY(String(value));
  if (Array.isArray(value)) return value.join(", ");
  if (typeof value === "boolean") return value ? "Yes" : "No";
  return String(value);
}

/**
 * /admin/records/<plural>: the list of one kind made by defineKind and registered, drawn from how the
 * server describes it (`GET /api/admin/records`): its fields, sorts, search, CSV export and Delete.
 */
function RecordKindPage({ kind }: { kind: KindConsole }) {
  const many = capitalised(kind.label.many);
  useDocumentTitle(many);
  const toast = useNotice(DELETED_TOAST_MS);
  const sorts = useMemo(() => kind.sorts.map(({ sort, label }) => ({ value: sort, label, api: sort })), [kind]);
  const screen = useCollectionScreen<RecordRow>({
    resource: recordsResource(kind),
    sorts,
    pageSize: PAGE_SIZES[1],
    messages: MESSAGES,
    onDeleted: () => toast.success(`The ${kind.label.one} was deleted.`),
  });
  const { list, hasRows, exporter } = screen;
  const firstText = kind.fields.find((f) => f.field !== "createdAt")?.field;
  const nameOf = (row: RecordRow) => (firstText ? String(row[firstText] ?? row.id) : row.id);

  return (
    <CollectionScreen
      screen={screen}
      header={
        <PageHeader
          title={many}
          back={BACK}
          actions={
            <>
              <RefreshDataButton list={list} onRefresh={() => void screen.refresh()} />
              {kind.csvExport && (
                <Button
                  variant="light"
                  onClick={() => void screen.run(() => exporter.start(recordsFileName(kind)))}
                  disabled={!hasRows || exporter.running}
                  loading={exporter.running}
                >
                  Export as CSV
                </Button>
              )}
            </>
          }
        />
      }
      summary={<TotalCountCard heading={many} label={`Total ${many}`} total={list.total} />}
      sorts={sorts}
      search={kind.searchable ? { label: `Search ${many}` } : { label: `Search ${many} by id or e-mail address` }}
      notices={<NoticeBanner notice={toast.notice} onClose={toast.clear} />}
      exports={[{ operation: exporter, label: `Exporting ${kind.label.many}`, unit: kind.label.many }]}
      table={{
        label: many,
        loadingText: `Loading ${kind.label.many}...`,
        empty: `No ${kind.label.many} found`,
        // wide enough for its columns, and no wider than the lists beside it (a table that scrolls needs a focusable row)
        minWidth: Math.min(900, 150 * (kind.fields.length + 1)),
        pageSizes: PAGE_SIZES,
        columns: [...kind.fields.map((f) => ({ header: f.field === "createdAt" ? `${f.header} (EST)` : f.header })), { header: "Actions", align: "right" }],
        renderRow: (row) => (
          <Table.Tr key={row.id} data-record-id={row.id}>
            {kind.fields.map(({ field }) => (
              <Table.Td key={field} style={{ overflowWrap: "anywhere", whiteSpace: field === "createdAt" ? "nowrap" : undefined }}>
                {cellText(field, row[field])}
              </Table.Td>
            ))}
            <Table.Td>
              <Group justify="flex-end">
                <Button
                  size="compact-sm"
                  variant="light"
                  color="red"
                  onClick={() => screen.deleteOne.ask(row)}
                  aria-label={`Delete the ${kind.label.one} of ${nameOf(row)}`}
                >
                  Delete
                </Button>
              </Group>
            </Table.Td>
          </Table.Tr>
        ),
      }}
      deleteOne={{
        title: `Delete ${capitalised(kind.label.one)}`,
        message: `This ${kind.label.one} will be deleted for good, and removed from its spreadsheet tab.`,
      }}
    />
  );
}

/** /admin/records: every kind made by defineKind and registered, each a way to its list. */
export function RecordKindsPage() {
  useDocumentTitle(TITLE);
  const { data, error, isLoading } = useRecordKinds();
  return (
    <Stack gap="lg">
      <PageHeader
        title={TITLE}
        subtitle="Kinds of personal records beside petitions, reports, forms and the newsletter."
        back={{ to: "/admin/dashboard", label: "Back to Dashboard" }}
      />
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error.message || MESSAGES.kindsFailed}
        </Alert>
      )}
      {isLoading && <Loader color="brand" aria-label="Loading the kinds of records" />}
      {data && data.kinds.length === 0 && <Text c="dimmed">No other kinds of records.</Text>}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {data?.kinds.map((kind) => (
          <Card key={kind.name} withBorder radius="lg" padding="lg" component="section" aria-label={capitalised(kind.label.many)} data-kind={kind.name}>
            <Stack gap="sm" h="100%" justify="space-between">
              <Title order={2} fz="lg" c="ink.9">
                {capitalised(kind.label.many)}
              </Title>
              <Button component={Link} to={`/admin/records/${kind.plural}`} variant="light" aria-label={`View Records of ${kind.label.many}`}>
                View Records
              </Button>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** /admin/records/:plural: a fresh screen for every kind; an address naming none says so. */
export function RecordKindRoute() {
  const { plural } = useParams<{ plural: string }>();
  const { data, error } = useRecordKinds();
  const kind = data?.kinds.find((k) => k.plural === plural);
  if (kind) return <RecordKindPage key={kind.name} kind={kind} />;
  if (!data && !error) return <Loader color="brand" aria-label="Loading the kinds of records" />;
  return (
    <Stack gap="lg">
      <PageHeader title="Records not found" back={BACK} />
      <Alert color="yellow" variant="light" role="alert">
        {error ? error.message || MESSAGES.kindsFailed : "There is no kind of record at this address."}
      </Alert>
    </Stack>
  );
}
