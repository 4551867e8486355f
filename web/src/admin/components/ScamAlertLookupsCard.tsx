import { Anchor, Card, Group, Loader, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { Link } from "react-router-dom";
import { formatCount } from "../../lib/format";
import { useScamAlertLookups } from "../api/scamAlertLookups";

export const LOOKUPS_TITLE = "Scam alert lookups";
const DAYS = 30;
/** Days shown in the table, newest first: the totals cover the whole range. */
const DAYS_SHOWN = 14;

/**
 * The dashboard's view of "Check a company before you pay" (/scam-alerts): lookups that found an
 * alert and lookups that did not, by New York day, and the alerts most looked up. What was typed is
 * never stored, so there is nothing more to show of a lookup that found nothing.
 */
export function ScamAlertLookupsCard() {
  const { data, error } = useScamAlertLookups(DAYS);
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label={LOOKUPS_TITLE} data-testid="scam-alert-lookups">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="lg" c="ink.9">
          {LOOKUPS_TITLE}
        </Title>
        <Text fz="xs" c="dimmed">
          Last {DAYS} days (New York time); what was typed is never stored
        </Text>
      </Group>
      {error && !data && (
        <Text c="red.7" fz="sm" role="alert">
          {error.message}
        </Text>
      )}
      {!data && !error && <Loader size="sm" color="brand" />}
      {data && (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Figure label="Found an alert" value={data.totals.found} />
            <Figure label="Found none" value={data.totals.missed} />
            <Figure label="All lookups" value={data.totals.found + data.totals.missed} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <Table fz="sm" verticalSpacing={4} aria-label="Lookups by day">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Day</Table.Th>
                  <Table.Th ta="right">Found</Table.Th>
                  <Table.Th ta="right">None found</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {[...data.days]
                  .reverse()
                  .slice(0, DAYS_SHOWN)
                  .map((d) => (
                    <Table.Tr key={d.day}>
                      <Table.Td>{d.day}</Table.Td>
                      <Table.Td ta="right">{formatCount(d.found)}</Table.Td>
                      <Table.Td ta="right">{formatCount(d.missed)}</Table.Td>
                    </Table.Tr>
                  ))}
              </Table.Tbody>
            </Table>
            <Stack gap={6}>
              <Text fw={700} c="ink.9" fz="sm">
                Most looked up
              </Text>
              {data.alerts.length === 0 && (
                <Text c="dimmed" fz="sm">
                  No alert was found by a lookup in these days.
                </Text>
              )}
              {data.alerts.map((a) => (
                <Group key={a.slug} justify="space-between" wrap="nowrap">
                  <Anchor component={Link} to={`/admin/scam-alerts/${encodeURIComponent(a.slug)}`} fz="sm">
                    {a.title}
                    {a.published ? "" : " (not published)"}
                  </Anchor>
                  <Text fz="sm" fw={700}>
                    {formatCount(a.lookups)}
                  </Text>
                </Group>
              ))}
            </Stack>
          </SimpleGrid>
        </Stack>
      )}
    </Card>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Stack gap={0}>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fz={28} fw={800} c="ink.9">
        {formatCount(value)}
      </Text>
    </Stack>
  );
}
