import { Alert, Badge, Button, Card, Code, Group, ScrollArea, Stack, Table, Text, Title } from "@mantine/core";
import useSWR from "swr";
import { PageLoader } from "../components/PageLoader";
import { useDocumentTitle } from "../hooks/useDocumentTitle";
import { api, request, type ApiError, type Petition } from "../lib/api";
import { formatCount, formatDateTimeNY } from "../lib/format";
import { accessToken } from "./auth";

const DASHBOARD_FALLBACK = "Failed to load dashboard data";

async function loadPetitions(): Promise<Petition[]> {
  const token = await accessToken();
  const body = await request<{ items: Petition[] }>(api.adminPetitions, { token, fallbackMessage: DASHBOARD_FALLBACK });
  return body.items;
}

export function DashboardPage() {
  useDocumentTitle("Admin Dashboard");
  const { data, error, isValidating, mutate } = useSWR<Petition[], ApiError>("admin:petitions", loadPetitions, {
    revalidateOnFocus: true,
  });

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} fz={30} c="ink.9">
            Dashboard
          </Title>
          <Text c="dimmed">Petitions and their signature counts.</Text>
        </div>
        <Button variant="default" onClick={() => void mutate()} loading={isValidating && !!data}>
          Refresh
        </Button>
      </Group>
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error.message || DASHBOARD_FALLBACK}
        </Alert>
      )}
      {!data && !error && <PageLoader label="Loading petitions..." />}
      {data && (
        <Card withBorder padding={0} radius="lg">
          <ScrollArea>
            <Table striped highlightOnHover verticalSpacing="sm" horizontalSpacing="md" miw={760}>
              <Table.Caption>Times are shown in US Eastern time (America/New_York).</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>ID</Table.Th>
                  <Table.Th>Title</Table.Th>
                  <Table.Th ta="right">Goal</Table.Th>
                  <Table.Th ta="right">Signatures</Table.Th>
                  <Table.Th>Created At</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={5}>
                      <Text ta="center" c="dimmed" py="lg">
                        No petitions found
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ) : (
                  data.map((petition) => (
                    <Table.Tr key={petition.id}>
                      <Table.Td>
                        <Code>{petition.id}</Code>
                      </Table.Td>
                      <Table.Td fw={600}>{petition.title}</Table.Td>
                      <Table.Td ta="right">{formatCount(petition.goal)}</Table.Td>
                      <Table.Td ta="right">
                        <Badge variant="light" color="brand" size="lg">
                          {formatCount(petition.signatureCount)}
                        </Badge>
                      </Table.Td>
                      <Table.Td>{formatDateTimeNY(petition.createdAt)}</Table.Td>
                    </Table.Tr>
                  ))
                )}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        </Card>
      )}
    </Stack>
  );
}
