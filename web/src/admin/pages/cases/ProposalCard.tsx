import { Anchor, Badge, Button, Card, Code, Group, Stack, Table, Text, Title } from "@mantine/core";
import { Link } from "react-router-dom";
import { caseLink, easternTime, identifierLabel, reportLink, type Proposal } from "./cases";

/** One proposed link: the reports it would join, what they share, and the decision. */
export function ProposalCard({ proposal, busy, onConfirm, onDismiss }: { proposal: Proposal; busy: boolean; onConfirm: () => void; onDismiss: () => void }) {
  const count = proposal.reports.length;
  const heading = proposal.caseId
    ? `Add ${count} report${count === 1 ? "" : "s"} to case ${proposal.caseReference ?? proposal.caseId}`
    : `A new case of ${count} reports`;
  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-label={heading} data-proposal-id={proposal.id}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={2} fz="md" c="ink.9">
              {heading}
            </Title>
            {proposal.caseId && (
              <Anchor component={Link} to={caseLink(proposal.caseId)} fz="sm">
                Open case {proposal.caseReference ?? proposal.caseId}
              </Anchor>
            )}
          </div>
          <Group gap="sm">
            <Button variant="default" onClick={onDismiss} disabled={busy} aria-label={`Dismiss: ${heading}`}>
              Dismiss
            </Button>
            <Button onClick={onConfirm} loading={busy} aria-label={`Confirm: ${heading}`}>
              Confirm
            </Button>
          </Group>
        </Group>
        <div>
          <Text fz="xs" c="dimmed" tt="uppercase" fw={700} lts="0.04em" mb={4}>
            Shared identifiers
          </Text>
          <Group gap={6}>
            {proposal.identifiers.map((identifier) => (
              <Badge key={`${identifier.type}:${identifier.shown}`} variant="light" color="brand" c="ink.9" tt="none">
                {identifierLabel(identifier.type)}: {identifier.shown}
              </Badge>
            ))}
          </Group>
        </div>
        <Table verticalSpacing={4} aria-label={`Reports of: ${heading}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Report</Table.Th>
              <Table.Th>Submitted (EST)</Table.Th>
              <Table.Th>Company</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {proposal.reports.map((report) => (
              <Table.Tr key={report.id}>
                <Table.Td>
                  <Anchor component={Link} to={reportLink(report.id)}>
                    <Code fz="xs">{report.reference}</Code>
                  </Anchor>
                </Table.Td>
                <Table.Td>{easternTime(report.createdAt)}</Table.Td>
                <Table.Td>{report.company || "—"}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Card>
  );
}
