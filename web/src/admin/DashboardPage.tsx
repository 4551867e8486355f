import { Alert, Badge, Button, Card, Code, Group, Loader, ScrollArea, SimpleGrid, Stack, Table, Tabs, Text, Title } from "@mantine/core";
import { Link } from "react-router-dom";
import { useDocumentTitle } from "../hooks/useDocumentTitle";
import type { Petition } from "../lib/api";
import { formatCount, formatDateTimeNY } from "../lib/format";
import { useAuditLog } from "./api/audit";
import { petitionsResource } from "./api/petitions";
import { signaturesResource } from "./api/signatures";
import { CollectionScreen, useCollectionScreen } from "./collection";
import { HeldMailCard } from "./components/HeldMailCard";
import { MailBreakerBanner } from "./components/MailBreakerBanner";
import { NoticeBanner } from "./components/NoticeBanner";
import { ScamAlertLookupsCard } from "./components/ScamAlertLookupsCard";
import { petitionsTable } from "./components/PetitionsTable";
import { usePetitionActions } from "./components/usePetitionActions";
import { useNotice } from "./hooks/useNotice";
import type { PagedList } from "./api/usePagedList";
import { auditActionLabel, auditStatusNote } from "./lib/audit";
import { orNA, signedAt, type SignatureRow } from "./lib/signatures";
import { DASHBOARD_PETITION_SORTS, DASHBOARD_SIGNATURE_SORTS } from "./lib/sorting";

export const DASHBOARD_FALLBACK = "Failed to load dashboard data";
export const DELETE_ITEM_FALLBACK = "Failed to delete item";
export const REFRESH_FAILED = "Failed to refresh. Please try again.";
export const deleteItemMessage = (kind: "petition" | "signature") => `Are you sure you want to delete this ${kind}? This action cannot be undone.`;

const PAGE_SIZE = 20;
const TAB_MESSAGES = { loadFailed: DASHBOARD_FALLBACK, refreshFailed: REFRESH_FAILED, deleteFailed: DELETE_ITEM_FALLBACK };

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

/** A tab's list fails as a whole: one message, only while there is nothing to show. */
function TabLoadError({ list }: { list: Pick<PagedList<unknown>, "error" | "data"> }) {
  if (!list.error || list.data) return null;
  return (
    <Alert color="red" variant="light" role="alert">
      {DASHBOARD_FALLBACK}
    </Alert>
  );
}

/** A dashboard tab on the collection screen: the toolbar in the tab's card, a failed refresh told on the page. */
const TAB_LAYOUT = { toolbarCard: false, toolbarRefresh: true, gap: "md" } as const;

function PetitionsTab({ onNotice }: { onNotice: ReturnType<typeof useNotice> }) {
  const petitions = useCollectionScreen<Petition>({
    resource: petitionsResource,
    sorts: DASHBOARD_PETITION_SORTS,
    pageSize: PAGE_SIZE,
    messages: TAB_MESSAGES,
    onRefreshFailed: onNotice.failure,
  });
  const { list } = petitions;
  const actions = usePetitionActions({
    deleteFallback: DELETE_ITEM_FALLBACK,
    alwaysFallback: true,
    onUpdated: (updated) => list.update((cur) => ({ ...cur, items: cur.items.map((p) => (p.id === updated.id ? { ...p, ...updated } : p)) })),
    onDeleted: (id) => list.update((cur) => ({ ...cur, items: cur.items.filter((p) => p.id !== id), total: Math.max(0, cur.total - 1) })),
  });
  return (
    <CollectionScreen
      {...TAB_LAYOUT}
      screen={petitions}
      sorts={DASHBOARD_PETITION_SORTS}
      search={{ label: "Search Petitions", placeholder: "Title, story, goal or signature count" }}
      errorAlert={<TabLoadError list={list} />}
      table={petitionsTable({ showId: true, onEdit: actions.edit, onDelete: actions.remove })}
      dialogs={actions.dialogs}
    />
  );
}

/** The signatures page's screen, with the dashboard's shorter row and page. */
function SignaturesTab({ onNotice }: { onNotice: ReturnType<typeof useNotice> }) {
  const signatures = useCollectionScreen<SignatureRow>({
    resource: signaturesResource,
    sorts: DASHBOARD_SIGNATURE_SORTS,
    pageSize: PAGE_SIZE,
    messages: TAB_MESSAGES,
    ownMessages: true,
    deleteErrorInDialog: true,
    onRefreshFailed: onNotice.failure,
  });
  return (
    <CollectionScreen
      {...TAB_LAYOUT}
      screen={signatures}
      sorts={DASHBOARD_SIGNATURE_SORTS}
      search={{ label: "Search Signatures", placeholder: "Name, e-mail or timeshare name" }}
      errorAlert={<TabLoadError list={signatures.list} />}
      table={{
        label: "Signatures",
        loadingText: "Loading signatures...",
        empty: "No signatures found",
        minWidth: 900,
        columns: [
          { header: "Name" },
          { header: "Email" },
          { header: "Timeshare Name" },
          { header: "Petition ID" },
          { header: "Signed At (EST)" },
          { header: "Actions", align: "right" },
        ],
        renderRow: (row) => (
          <Table.Tr key={row.id} data-signature-id={row.id}>
            <Table.Td fw={600}>{`${row.firstName} ${row.lastName}`}</Table.Td>
            <Table.Td>{row.email}</Table.Td>
            <Table.Td c={row.timeshareName ? undefined : "dimmed"}>{orNA(row.timeshareName)}</Table.Td>
            <Table.Td>
              <Code fz="xs">{row.petitionId}</Code>
            </Table.Td>
            <Table.Td style={{ whiteSpace: "nowrap" }}>{signedAt(row)}</Table.Td>
            <Table.Td ta="right">
              <Button
                size="compact-sm"
                variant="light"
                color="red"
                onClick={() => signatures.deleteOne.ask(row)}
                aria-label={`Delete signature of ${row.firstName} ${row.lastName}`}
              >
                Delete
              </Button>
            </Table.Td>
          </Table.Tr>
        ),
      }}
      deleteOne={{ title: "Delete Signature", message: deleteItemMessage("signature") }}
    />
  );
}

function RecentActivity() {
  const { data, error } = useAuditLog(8);
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
        <ScrollArea viewportProps={{ tabIndex: 0 }}>
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
      <MailBreakerBanner />
      <HeldMailCard />
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
      <ScamAlertLookupsCard />
      <RecentActivity />
      <Text fz="xs" c="dimmed">
        Times are shown in US Eastern time (America/New_York).
      </Text>
    </Stack>
  );
}
