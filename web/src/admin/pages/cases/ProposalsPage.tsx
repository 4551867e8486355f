import { Alert, Anchor, Center, Loader, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router-dom";
import { useDocumentTitle } from "../../../hooks/useDocumentTitle";
import { confirmProposal, dismissProposal, useCaseProposals } from "../../api/cases";
import { RefreshDataButton } from "../../collection";
import { PageHeader } from "../../components/PageHeader";
import { caseLink, MESSAGES } from "./cases";
import { ProposalCard } from "./ProposalCard";

type Outcome = { kind: "confirmed"; caseId: string } | { kind: "dismissed" } | { kind: "failed"; message: string };

/** /admin/cases/proposals: reports that share an identifier, waiting for an administrator to link them (or not). */
export function ProposalsPage() {
  useDocumentTitle("Proposed Links");
  const { data, error, isLoading, isValidating, mutate } = useCaseProposals();
  const [busy, setBusy] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const proposals = data?.proposals ?? [];

  const decide = async (id: string, confirming: boolean) => {
    setBusy(id);
    setOutcome(null);
    try {
      if (confirming) setOutcome({ kind: "confirmed", caseId: (await confirmProposal(id)).caseId });
      else {
        await dismissProposal(id);
        setOutcome({ kind: "dismissed" });
      }
      await mutate((current) => current && { proposals: current.proposals.filter((p) => p.id !== id) }, { revalidate: true });
    } catch (cause) {
      setOutcome({ kind: "failed", message: (cause as Error)?.message || (confirming ? MESSAGES.confirmFailed : MESSAGES.dismissFailed) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title="Proposed Links"
        subtitle="Reports that name the same company, phone number or website. Confirm to make (or grow) a case; dismiss to leave them apart."
        back={{ to: "/admin/cases", label: "Back to Cases" }}
        actions={<RefreshDataButton list={{ isValidating, isLoading }} onRefresh={() => void mutate()} />}
      />
      {outcome?.kind === "confirmed" && (
        <Alert color="brand" variant="light" role="status">
          The reports are linked.{" "}
          <Anchor component={Link} to={caseLink(outcome.caseId)}>
            Open the case
          </Anchor>
        </Alert>
      )}
      {outcome?.kind === "dismissed" && (
        <Alert color="brand" variant="light" role="status">
          The proposal was dismissed.
        </Alert>
      )}
      {outcome?.kind === "failed" && (
        <Alert color="red" variant="light" role="alert">
          {outcome.message}
        </Alert>
      )}
      {error && !data && (
        <Alert color="red" variant="light" role="alert">
          {error.message || MESSAGES.proposalsFailed}
        </Alert>
      )}
      {isLoading && (
        <Center py={60} role="status">
          <Loader color="brand" aria-label="Loading proposed links" />
        </Center>
      )}
      {data && proposals.length === 0 && (
        <Text c="dimmed" ta="center" py="lg">
          No proposed links are waiting.
        </Text>
      )}
      {data?.next && (
        <Text c="dimmed" fz="sm">
          These are the {proposals.length} oldest; more wait after them (they show as these are decided).
        </Text>
      )}
      {proposals.map((proposal) => (
        <ProposalCard
          key={proposal.id}
          proposal={proposal}
          busy={busy === proposal.id}
          onConfirm={() => void decide(proposal.id, true)}
          onDismiss={() => void decide(proposal.id, false)}
        />
      ))}
    </Stack>
  );
}
