import { Alert, Badge, Button, Card, Code, Group, Stack, Table, Text, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { REASON_LABELS, SuppressionListQuery, type SuppressionRow } from "@site/core/suppression/input";
import { useDocumentTitle } from "../../../hooks/useDocumentTitle";
import { formatDateTimeNY } from "../../../lib/format";
import { liftSuppression, useSuppressions } from "../../api/suppressions";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { CursorPager, useCursorPages } from "../../components/CursorPager";
import { DataTable } from "../../components/DataTable";
import { PageHeader } from "../../components/PageHeader";

const TITLE = "Suppressed Addresses";
const MESSAGES = { listFailed: "Failed to load the suppression list", liftFailed: "Failed to remove the suppression" } as const;

const COLUMNS = [
  { header: "Person (keyed hash of the address)" },
  { header: "Reason", width: 170 },
  { header: "Kind of e-mail", width: 190 },
  { header: "Since", width: 180 },
  { header: "", width: 110 },
];

const REASON_COLORS: Record<SuppressionRow["reason"], string> = { bounce: "orange", complaint: "red", "transient-bounces": "yellow" };

/**
 * /admin/newsletter/suppressions: the addresses SES reported as bounced or marked as
 * spam, which no e-mail reaches any more. The list holds no addresses: a person is named by the keyed hash
 * of theirs, and typing an address finds its entry. Removing one is audited.
 */
export function SuppressionsPage() {
  useDocumentTitle(TITLE);
  const [email, setEmail] = useState("");
  const pages = useCursorPages();
  const [lifting, setLifting] = useState<SuppressionRow | null>(null);
  const [busy, setBusy] = useState(false);
  const [liftError, setLiftError] = useState<string | null>(null);
  const [typed, setTyped] = useState("");
  const [typedError, setTypedError] = useState<string | null>(null);
  const submitSearch = () => {
    const value = typed.trim();
    // the server's own rule for the query (suppression/input.ts)
    const parsed = value ? SuppressionListQuery.shape.email.safeParse(value) : undefined;
    if (parsed && !parsed.success) return setTypedError(parsed.error.issues[0]?.message ?? "Please enter a valid email address.");
    setTypedError(null);
    setEmail(value);
    pages.reset();
  };
  const { data, error, isLoading, mutate } = useSuppressions(email, pages.cursor, MESSAGES.listFailed);

  const lift = async () => {
    if (!lifting) return;
    setBusy(true);
    setLiftError(null);
    try {
      await liftSuppression(lifting.person, MESSAGES.liftFailed);
      notifications.show({ color: "green", message: "The address may be e-mailed again" });
      setLifting(null);
      await mutate();
    } catch (err) {
      setLiftError((err as Error).message || MESSAGES.liftFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title={TITLE}
        subtitle="Addresses Amazon SES reported as bounced, or whose owner marked our e-mail as spam. No e-mail reaches them."
        back={{ to: "/admin/newsletter", label: "Back to Subscribers" }}
      />
      <Card withBorder radius="lg" padding="md">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submitSearch();
          }}
        >
          <Group align="flex-end">
            <TextInput
              label="Find an address"
              placeholder="name@example.com"
              w={320}
              value={typed}
              error={typedError}
              onChange={(e) => setTyped(e.currentTarget.value)}
            />
            <Button type="submit" variant="default">
              Search
            </Button>
          </Group>
        </form>
      </Card>
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error.message || MESSAGES.listFailed}
        </Alert>
      )}
      <Card withBorder radius="lg" padding="md">
        <DataTable
          label="Suppressed addresses"
          minWidth={900}
          columns={COLUMNS}
          rows={data?.items ?? []}
          empty={isLoading ? "Loading..." : email ? "This address is not suppressed." : "No address is suppressed."}
          renderRow={(row) => (
            <Table.Tr key={row.person} data-person={row.person}>
              <Table.Td>
                <Code>{row.person}</Code>
              </Table.Td>
              <Table.Td>
                <Badge color={REASON_COLORS[row.reason]} variant="light">
                  {REASON_LABELS[row.reason]}
                </Badge>
              </Table.Td>
              <Table.Td>{row.kind}</Table.Td>
              <Table.Td>{row.at ? formatDateTimeNY(row.at) : "—"}</Table.Td>
              <Table.Td>
                <Button size="xs" variant="light" color="red.7" onClick={() => setLifting(row)}>
                  Remove
                </Button>
              </Table.Td>
            </Table.Tr>
          )}
        />
        <Group justify="space-between" mt="md">
          <Text fz="xs" c="dimmed">
            Times are shown in US Eastern time (America/New_York).
          </Text>
          <CursorPager pages={pages} next={data?.next} />
        </Group>
      </Card>
      <ConfirmDialog
        opened={lifting !== null}
        title="Remove this suppression?"
        message="E-mail will reach this address again. Do this only when you know it works again (a mailbox that was full) or its owner asked to be mailed again: more bounces or complaints put the account's sending at risk."
        confirmLabel="Remove"
        busy={busy}
        error={liftError}
        onConfirm={() => void lift()}
        onClose={() => {
          setLifting(null);
          setLiftError(null);
        }}
      />
    </Stack>
  );
}
