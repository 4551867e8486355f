import { Badge, Button, Code, Group, Progress, Stack, Table, Text, Tooltip } from "@mantine/core";
import type { CollectionTableProps } from "../collection";
import { Link } from "react-router-dom";
import type { Petition } from "../../lib/api";
import { formatCount, formatDateTimeNY, formatPercent, progressValue } from "../../lib/format";
import { sharePath } from "../../site";

export const petitionSignaturesPath = (id: string) => `/admin/petitions/${encodeURIComponent(id)}/signatures`;

/** The admin petition table, for a CollectionScreen; the dashboard shows the ID column, Manage Petitions the progress. */
export function petitionsTable({
  showId = false,
  showProgress = false,
  onEdit,
  onDelete,
}: {
  showId?: boolean;
  showProgress?: boolean;
  onEdit: (p: Petition) => void;
  onDelete: (p: Petition) => void;
}): Omit<CollectionTableProps<Petition>, "collection"> {
  return {
    label: "Petitions",
    loadingText: "Loading petitions...",
    minWidth: showProgress ? 980 : 900,
    columns: [
      showId && { header: "ID" },
      { header: "Title" },
      { header: "Goal", align: "right" },
      { header: "Signatures", align: "right" },
      showProgress && { header: "Progress", width: 160 },
      { header: "Created At" },
      { header: "Actions", align: "right" },
    ],
    empty: "No petitions found",
    renderRow: (petition) => (
      <Table.Tr key={petition.id} data-petition-id={petition.id}>
        {showId && (
          <Table.Td>
            <Code fz="xs">{petition.id}</Code>
          </Table.Td>
        )}
        <Table.Td fw={600} maw={360}>
          <Text fw={600} fz="sm" lineClamp={2} title={petition.title}>
            {petition.title}
          </Text>
        </Table.Td>
        <Table.Td ta="right" data-column="goal">
          {formatCount(petition.goal)}
        </Table.Td>
        <Table.Td ta="right">
          <Badge variant="light" color="brand" size="lg">
            {formatCount(petition.signatureCount)}
          </Badge>
          {(petition.verifySignatures || (petition.pendingCount ?? 0) > 0) && (
            <Text fz="xs" c="dimmed" mt={4} data-column="pending">
              {petition.verifySignatures ? "verified · " : ""}
              {formatCount(petition.pendingCount ?? 0)} awaiting confirmation
            </Text>
          )}
        </Table.Td>
        {showProgress && (
          <Table.Td>
            <Stack gap={4}>
              <Text fz="sm" fw={600}>
                {formatPercent(petition.signatureCount, petition.goal)}
              </Text>
              <Progress value={progressValue(petition.signatureCount, petition.goal)} color="brand.6" size="sm" radius="xl" aria-hidden />
            </Stack>
          </Table.Td>
        )}
        <Table.Td style={{ whiteSpace: "nowrap" }}>{formatDateTimeNY(petition.createdAt)}</Table.Td>
        <Table.Td>
          <Group gap={6} justify="flex-end" wrap="nowrap">
            <Tooltip label="Open the public share page">
              <Button component={Link} to={sharePath(petition.id)} size="compact-sm" variant="light" aria-label={`View petition “${petition.title}”`}>
                View
              </Button>
            </Tooltip>
            <Button
              component={Link}
              to={petitionSignaturesPath(petition.id)}
              size="compact-sm"
              variant="light"
              color="ink"
              aria-label={`Signatures of petition “${petition.title}”`}
            >
              Signatures
            </Button>
            <Button size="compact-sm" variant="default" onClick={() => onEdit(petition)} aria-label={`Edit goal of petition “${petition.title}”`}>
              Edit Goal
            </Button>
            <Button size="compact-sm" variant="light" color="red" onClick={() => onDelete(petition)} aria-label={`Delete petition “${petition.title}”`}>
              Delete
            </Button>
          </Group>
        </Table.Td>
      </Table.Tr>
    ),
  };
}
