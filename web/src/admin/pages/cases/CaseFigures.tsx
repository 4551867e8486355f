import { Badge, Group, SimpleGrid, Stack } from "@mantine/core";
import { formatCount } from "../../../lib/format";
import { DetailField, DetailSection } from "../../components/DetailSection";
import { amountText, easternTime, identifierLabel, scamTypesList, statesList, type CaseHead } from "./cases";

/** The case's counts (recounted from its reports by the server) and the identifiers its reports name. */
export function CaseFigures({ head }: { head: CaseHead }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <DetailSection title="Counts">
        <DetailField label="Reports" value={formatCount(head.reports)} />
        <DetailField label="Agreed to publication" value={formatCount(head.consenting)} />
        <DetailField label="Amount lost" value={amountText(head.amountLost)} />
        <DetailField label="States" value={statesList(head.states)} />
        <DetailField label="Scam types" value={scamTypesList(head.scamTypes)} />
        <DetailField label="First report (EST)" value={easternTime(head.firstReportAt)} />
        <DetailField label="Last report (EST)" value={easternTime(head.lastReportAt)} />
        <DetailField label="Case opened (EST)" value={easternTime(head.createdAt)} />
      </DetailSection>
      <DetailSection title="Identifiers" grid={false}>
        <Stack gap="xs">
          {head.identifiers.length === 0 && <DetailField label="None" value="" />}
          <Group gap={6}>
            {head.identifiers.map((identifier) => (
              <Badge key={`${identifier.type}:${identifier.value ?? identifier.shown}`} variant="light" color="brand" c="ink.9" tt="none">
                {identifierLabel(identifier.type)}: {identifier.shown}
              </Badge>
            ))}
          </Group>
        </Stack>
      </DetailSection>
    </SimpleGrid>
  );
}
