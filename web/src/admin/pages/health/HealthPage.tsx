import { Alert, Button, Center, Group, Loader, SimpleGrid, Stack, Text } from "@mantine/core";
import { useDocumentTitle } from "../../../hooks/useDocumentTitle";
import { useHealthReport } from "../../api/health";
import { RefreshDataButton } from "../../collection";
import { PageHeader } from "../../components/PageHeader";
import { DeadLettersCard } from "./DeadLettersCard";
import { MailBudgetCard, MailQueueCard } from "./MailCards";
import { SheetSyncsCard } from "./SheetSyncsCard";
import { HEALTH_TITLE, MESSAGES, type DeadLetter, type HealthReport } from "./health";

/** The report with one dead letter replaced by its re-driven self (the count of those waiting follows). */
function withRedriven(report: HealthReport, redriven: DeadLetter): HealthReport {
  const before = report.deadLetters.items.find((item) => item.id === redriven.id);
  const waiting = before?.state === "waiting" && redriven.state !== "waiting" ? report.deadLetters.waiting - 1 : report.deadLetters.waiting;
  return {
    ...report,
    deadLetters: { waiting: Math.max(0, waiting), items: report.deadLetters.items.map((item) => (item.id === redriven.id ? redriven : item)) },
  };
}

/**
 * /admin/health: what the faults left for an administrator (docs/architecture.md "Faults"): the side
 * effects that failed every retry, with their re-drive, the mail queue and budget, and the spreadsheet
 * tabs' last syncs. Read again every 15 seconds.
 */
export function HealthPage() {
  useDocumentTitle(HEALTH_TITLE);
  const { data, error, isLoading, isValidating, mutate } = useHealthReport();

  const refresh = (redriven?: DeadLetter) => (redriven ? mutate((current) => current && withRedriven(current, redriven), { revalidate: true }) : mutate());

  return (
    <Stack gap="lg">
      <PageHeader
        title={HEALTH_TITLE}
        subtitle="Side effects that failed every retry, the mail queue and budget, and the spreadsheets' last syncs. Refreshed every 15 seconds."
        actions={<RefreshDataButton list={{ isValidating, isLoading }} onRefresh={() => void mutate()} />}
      />
      {error && (
        <Alert color="red" variant="light" role="alert">
          <Group justify="space-between" gap="sm">
            <div>
              <Text fz="sm">{error.message || MESSAGES.reportFailed}</Text>
              {data && <Text fz="xs">The figures below are from the last report that loaded.</Text>}
            </div>
            <Button size="compact-sm" variant="default" onClick={() => void mutate()}>
              Retry
            </Button>
          </Group>
        </Alert>
      )}
      {isLoading && (
        <Center py={60} role="status">
          <Loader color="brand" aria-label="Loading the health report" />
        </Center>
      )}
      {data && (
        <>
          <DeadLettersCard deadLetters={data.deadLetters} onChanged={refresh} />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <MailQueueCard queue={data.mailQueue} />
            <MailBudgetCard budget={data.mailBudget} />
          </SimpleGrid>
          <SheetSyncsCard syncs={data.sheets} />
        </>
      )}
    </Stack>
  );
}
