import { Alert, Badge, Button, Card, Center, Code, Group, Loader, ScrollArea, SimpleGrid, Stack, Table, Tabs, Text, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useState, type ReactNode } from "react";
import { Link } from "react-router-dom";
import useSWR from "swr";
import { useDocumentTitle } from "../hooks/useDocumentTitle";
import type { ApiError, Petition } from "../lib/api";
import { formatCount, formatDateTimeNY } from "../lib/format";
import { adminApi, adminRequest, type AuditEntry } from "./adminApi";
import { ConfirmDialog } from "./components/ConfirmDialog";
import { DataTable } from "./components/DataTable";
import { ListToolbar } from "./components/ListToolbar";
import { NoticeBanner } from "./components/NoticeBanner";
import { PetitionsTable } from "./components/PetitionsTable";
import { TablePager } from "./components/TablePager";
import { usePetitionActions } from "./components/usePetitionActions";
import { useNotice } from "./hooks/useNotice";
import { usePagedList, type PagedList } from "./hooks/usePagedList";
import { auditActionLabel, auditStatusNote } from "./lib/audit";
import { withQuery } from "./lib/query";
import { orNA, signedAt, type SignatureRow } from "./lib/signatures";
import { DASHBOARD_PETITION_SORTS, DASHBOARD_SIGNATURE_SORTS, apiSort, type SortOrder } from "./lib/sorting";

export const DASHBOARD_FALLBACK = "Failed to load dashboard data";
export const DELETE_ITEM_FALLBACK = "Failed to delete item";
export const REFRESH_FAILED = "Failed to refresh. Please try again.";
export const deleteItemMessage = (kind: "petition" | "signature") =>
  `Are you sure you want to delete this ${kind}? This action cannot be undone.`;

const PAGE_SIZE = 20;
const SEARCH_DEBOUNCE_MS = 300;

const LINKS: { to: string; label: string; variant?: string }[] = [
  { to: "/admin/create-petition", label: "Create Petition", variant: "filled" },
  { to: "/admin/petitions", label: "Manage Petitions" },
  { to: "/admin/petition-signatures", label: "All Signatures" },
  { to: "/admin/forms", label: "Forms" },
  { to: "/admin/scam-reports", label: "Scam Reports" },
  { to: "/admin/newsletter", label: "Newsletter" },
  { to: "/admin/analytics", label: "Analytics" },
  { to: "/admin/privacy", label: "Deletion Requests" },
  { to: "/admin/test-email", label: "Test Email" },
];

function useListControls(defaultSort: string) {
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [sort, setSort] = useState(defaultSort);
  const [order, setOrder] = useState<SortOrder>("desc");
  const [page, setPage] = useState(1);
  const reset = <T,>(set: (v: T) => void) => (v: T) => {
    set(v);
    setPage(1);
  };
  return { search, debounced, sort, order, page, setPage, setSearch: reset(setSearch), setSort: reset(setSort), setOrder: reset(setOrder) };
}

function Loading({ label }: { label: string }) {
  return (
    <Center py={64} role="status">
      <Stack align="center" gap="xs">
        <Loader color="brand" />
        <Text c="dimmed" fz="sm">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}

/** The dashboard tabs' shared frame: toolbar, load error, spinner, then the table once data is in. */
function TabList<T>(props: {
  controls: ReturnType<typeof useListControls>;
  list: PagedList<T>;
  sortOptions: typeof DASHBOARD_PETITION_SORTS;
  searchLabel: string;
  searchPlaceholder: string;
  loadingLabel: string;
  onNotice: ReturnType<typeof useNotice>;
  children: ReactNode;
}) {
  const { controls: c, list } = props;
  return (
    <>
      <ListToolbar
        searchLabel={props.searchLabel}
        searchPlaceholder={props.searchPlaceholder}
        search={c.search}
        onSearch={c.setSearch}
        sortOptions={props.sortOptions}
        sort={c.sort}
        onSort={c.setSort}
        order={c.order}
        onOrder={c.setOrder}
        onRefresh={async () => {
          if (!(await list.refresh())) props.onNotice.failure(REFRESH_FAILED);
        }}
        refreshing={list.isValidating && !list.isLoading}
      />
      {list.error && !list.data && (
        <Alert color="red" variant="light" role="alert">
          {DASHBOARD_FALLBACK}
        </Alert>
      )}
      {list.isLoading && <Loading label={props.loadingLabel} />}
      {list.data && props.children}
    </>
  );
}

function PetitionsTab({ onNotice }: { onNotice: ReturnType<typeof useNotice> }) {
  const c = useListControls(DASHBOARD_PETITION_SORTS[0]!.value);
  const list = usePagedList<Petition>(
    adminApi.petitions,
    { search: c.debounced, sort: apiSort(DASHBOARD_PETITION_SORTS, c.sort), order: c.order, page: c.page, pageSize: PAGE_SIZE },
    { fallbackMessage: DASHBOARD_FALLBACK },
  );
  const actions = usePetitionActions({
    deleteFallback: DELETE_ITEM_FALLBACK,
    alwaysFallback: true,
    onUpdated: (updated) => list.update((cur) => ({ ...cur, items: cur.items.map((p) => (p.id === updated.id ? { ...p, ...updated } : p)) })),
    onDeleted: (id) => list.update((cur) => ({ ...cur, items: cur.items.filter((p) => p.id !== id), total: Math.max(0, cur.total - 1) })),
  });
  return (
    <Stack gap="md">
      <TabList
        controls={c}
        list={list}
        sortOptions={DASHBOARD_PETITION_SORTS}
        searchLabel="Search Petitions"
        searchPlaceholder="Title, story, goal or signature count"
        loadingLabel="Loading petitions..."
        onNotice={onNotice}
      >
        <Card withBorder padding={0} radius="md">
          <PetitionsTable petitions={list.items} showId onEdit={actions.edit} onDelete={actions.remove} />
          <TablePager page={c.page} pageSize={PAGE_SIZE} total={list.total} onChange={c.setPage} />
        </Card>
      </TabList>
      {actions.dialogs}
    </Stack>
  );
}

function SignaturesTab({ onNotice }: { onNotice: ReturnType<typeof useNotice> }) {
  const c = useListControls(DASHBOARD_SIGNATURE_SORTS[0]!.value);
  const list = usePagedList<SignatureRow>(
    adminApi.signatures,
    { search: c.debounced, sort: apiSort(DASHBOARD_SIGNATURE_SORTS, c.sort), order: c.order, page: c.page, pageSize: PAGE_SIZE },
    { fallbackMessage: DASHBOARD_FALLBACK },
  );
  const [deleting, setDeleting] = useState<SignatureRow | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    if (!deleting) return;
    setBusy(true);
    setError(null);
    try {
      await adminRequest(adminApi.signature(deleting.petitionId, deleting.id), { method: "DELETE", fallbackMessage: DELETE_ITEM_FALLBACK });
      const id = deleting.id;
      list.update((cur) => ({ ...cur, items: cur.items.filter((s) => s.id !== id), total: Math.max(0, cur.total - 1) }));
      setDeleting(null);
    } catch {
      setError(DELETE_ITEM_FALLBACK);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md">
      <TabList
        controls={c}
        list={list}
        sortOptions={DASHBOARD_SIGNATURE_SORTS}
        searchLabel="Search Signatures"
        searchPlaceholder="Name, e-mail, timeshare, petition or city"
        loadingLabel="Loading signatures..."
        onNotice={onNotice}
      >
        <Card withBorder padding={0} radius="md">
          <DataTable
            label="Signatures"
            minWidth={900}
            columns={[
              { header: "Name" },
              { header: "Email" },
              { header: "Timeshare Name" },
              { header: "Petition ID" },
              { header: "Signed At (EST)" },
              { header: "Actions", align: "right" },
            ]}
            rows={list.items}
            empty="No signatures found"
            renderRow={(row) => (
              <Table.Tr key={row.id} data-signature-id={row.id}>
                <Table.Td fw={600}>{`${row.firstName} ${row.lastName}`}</Table.Td>
                <Table.Td>{row.email}</Table.Td>
                <Table.Td c={row.timeshareName ? undefined : "dimmed"}>{orNA(row.timeshareName)}</Table.Td>
                <Table.Td>
                  <Code fz="xs">{row.petitionId}</Code>
                </Table.Td>
                <Table.Td style={{ whiteSpace: "nowrap" }}>{signedAt(row)}</Table.Td>
                <Table.Td ta="right">
                  <Button size="compact-sm" variant="light" color="red" onClick={() => { setError(null); setDeleting(row); }} aria-label={`Delete signature of ${row.firstName} ${row.lastName}`}>
                    Delete
                  </Button>
                </Table.Td>
              </Table.Tr>
            )}
          />
          <TablePager page={c.page} pageSize={PAGE_SIZE} total={list.total} onChange={c.setPage} />
        </Card>
      </TabList>
      <ConfirmDialog
        opened={!!deleting}
        title="Delete Signature"
        message={deleteItemMessage("signature")}
        busy={busy}
        error={error}
        onConfirm={() => void confirm()}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}

function RecentActivity() {
  const { data, error } = useSWR<{ items: AuditEntry[] }, ApiError>(
    withQuery(adminApi.audit, { limit: 8 }),
    (url: string) => adminRequest<{ items: AuditEntry[] }>(url, { fallbackMessage: "Failed to load recent activity" }),
    { refreshInterval: 30_000, revalidateOnFocus: true },
  );
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label="Recent admin activity">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="lg" c="ink.9">
          Recent admin activity
        </Title>
        <Text fz="xs" c="dimmed">
          Latest changes and exports by administrators
        </Text>
      </Group>
      {error && !data && (
        <Text c="red.7" fz="sm" role="alert">
          {error.message}
        </Text>
      )}
      {!data && !error && <Loader size="sm" color="brand" />}
      {data && data.items.length === 0 && (
        <Text c="dimmed" fz="sm">
          No admin activity yet.
        </Text>
      )}
      {data && data.items.length > 0 && (
        <ScrollArea>
          <Table verticalSpacing={6} horizontalSpacing="sm" fz="sm" miw={640} aria-label="Recent admin activity">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When (EST)</Table.Th>
                <Table.Th>Who</Table.Th>
                <Table.Th>What</Table.Th>
                <Table.Th ta="right">Rows</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((entry) => (
                <Table.Tr key={entry.id} data-audit-action={entry.action}>
                  <Table.Td c="dimmed" style={{ whiteSpace: "nowrap" }}>
                    {formatDateTimeNY(entry.at)}
                  </Table.Td>
                  <Table.Td>{entry.actor}</Table.Td>
                  <Table.Td>
                    <Text fz="sm" fw={600} c="ink.9" span>
                      {auditActionLabel(entry.action)}
                    </Text>
                    {entry.target && (
                      <Text fz="xs" c="dimmed" span ml={6}>
                        {entry.target}
                      </Text>
                    )}
                    {auditStatusNote(entry.status) && (
                      <Badge variant="light" color="yellow" size="sm" ml={6} data-audit-status={entry.status}>
                        {auditStatusNote(entry.status)}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">
                    {typeof entry.rows === "number" ? (
                      <Badge variant="light" color="ink" size="sm">
                        {formatCount(entry.rows)}
                      </Badge>
                    ) : (
                      "—"
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Card>
  );
}

export function DashboardPage() {
  useDocumentTitle("Admin Dashboard");
  const notice = useNotice();
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} fz={30} c="ink.9">
            Dashboard
          </Title>
          <Text c="dimmed">Petitions, signatures and recent admin activity.</Text>
        </div>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4, xl: 7 }} spacing="sm">
        {LINKS.map((link) => (
          <Button key={link.to} component={Link} to={link.to} variant={link.variant ?? "default"} fullWidth>
            {link.label}
          </Button>
        ))}
      </SimpleGrid>
      <NoticeBanner notice={notice.notice} />
      <Card withBorder radius="lg" padding="lg">
        <Tabs defaultValue="petitions" keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="petitions">Petitions</Tabs.Tab>
            <Tabs.Tab value="signatures">Signatures</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="petitions">
            <PetitionsTab onNotice={notice} />
          </Tabs.Panel>
          <Tabs.Panel value="signatures">
            <SignaturesTab onNotice={notice} />
          </Tabs.Panel>
        </Tabs>
      </Card>
      <RecentActivity />
      <Text fz="xs" c="dimmed">
        Times are shown in US Eastern time (America/New_York).
      </Text>
    </Stack>
  );
}
