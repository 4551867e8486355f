import { Badge, Button, Group, Table, Text } from "@mantine/core";
import { DetailField as Field, DetailSection, DetailsDialog } from "../../components/DetailSection";
import { STATUS_COLORS, STATUS_LABELS, consentsOf, earlierConsentsOf, easternTime, removalTime, sourceLabel, type SubscriberRow } from "./subscribers";

/**
 * A subscriber's details: status, confirmation and unsubscribe times, and the latest consents with
 * their source and time, with how many earlier ones are only counted (the list's row carries them,
 * so nothing more is fetched).
 */
export function SubscriberDetailsDialog(props: {
  row: SubscriberRow | null;
  onClose: () => void;
  onUnsubscribe: (row: SubscriberRow) => void;
  onDelete: (row: SubscriberRow) => void;
}) {
  const { row } = props;
  const consents = row ? consentsOf(row) : [];
  const earlier = row ? earlierConsentsOf(row) : 0;
  const removal = row ? removalTime(row) : null;
  return (
    <DetailsDialog opened={!!row} onClose={props.onClose} title="Subscriber Details" loading={false} error={null}>
      {row && (
        <>
          <Group justify="space-between" align="flex-start">
            <div>
              <Text fw={800} fz="lg" c="ink.9">
                {row.name || "N/A"}
              </Text>
              <Text c="dimmed" fz="sm">
                {row.email}
              </Text>
            </div>
            <Badge variant="light" color={STATUS_COLORS[row.status]} c="ink.9" size="lg" data-status={row.status}>
              {STATUS_LABELS[row.status] ?? row.status}
            </Badge>
          </Group>
          <DetailSection title="Subscription">
            <Field label="Email" value={row.email} />
            <Field label="Name" value={row.name} />
            <Field label="Status" value={STATUS_LABELS[row.status] ?? row.status} />
            <Field label="First Consent (EST)" value={easternTime(row.firstConsentAt)} />
            <Field label="Confirmed (EST)" value={easternTime(row.confirmedAt)} />
            <Field label="Unsubscribed (EST)" value={easternTime(row.unsubscribedAt)} />
            {removal && <Field label="Removed If Not Confirmed By (EST)" value={easternTime(removal)} />}
          </DetailSection>
          <DetailSection title={`Consents (${consents.length + earlier})`} grid={false}>
            {earlier > 0 && (
              <Text c="dimmed" fz="sm" data-earlier-consents={earlier}>
                The latest {consents.length} are listed; {earlier} earlier {earlier === 1 ? "consent is" : "consents are"} counted only (the first on{" "}
                {easternTime(row.firstConsentAt)}).
              </Text>
            )}
            <Table verticalSpacing={6} horizontalSpacing="sm" fz="sm" aria-label="Consents">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Source</Table.Th>
                  <Table.Th>Given (EST)</Table.Th>
                  <Table.Th>UTC</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {consents.map((c, i) => (
                  <Table.Tr key={`${c.source}-${c.at}-${i}`} data-consent-source={c.source}>
                    <Table.Td>{sourceLabel(c.source)}</Table.Td>
                    <Table.Td style={{ whiteSpace: "nowrap" }}>{easternTime(c.at)}</Table.Td>
                    <Table.Td c="dimmed" fz="xs">
                      {c.at}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </DetailSection>
          <Group justify="flex-end">
            {row.status !== "unsubscribed" && row.status !== "complained" && (
              <Button variant="light" color="orange" onClick={() => props.onUnsubscribe(row)}>
                Unsubscribe
              </Button>
            )}
            <Button color="red.7" variant="light" onClick={() => props.onDelete(row)}>
              Delete Subscriber
            </Button>
          </Group>
        </>
      )}
    </DetailsDialog>
  );
}
