import { Alert, Anchor, Badge, Center, Code, Group, Loader, SimpleGrid, Stack } from "@mantine/core";
import { useState } from "react";
import { Link, useParams } from "react-router-dom";
import { useDocumentTitle } from "../../../hooks/useDocumentTitle";
import { addCaseNote, mergeCase, publishCaseAlert, splitCase, useCase, type AlertDraft } from "../../api/cases";
import { NoticeBanner } from "../../components/NoticeBanner";
import { PageHeader } from "../../components/PageHeader";
import { useNotice } from "../../hooks/useNotice";
import { CaseAlertPanel } from "./CaseAlertPanel";
import { CaseFigures } from "./CaseFigures";
import { CaseHeadForm } from "./CaseHeadForm";
import { CaseMergeForm } from "./CaseMergeForm";
import { CaseNoteForm } from "./CaseNoteForm";
import { CasePackPanel } from "./CasePackPanel";
import { CaseReports } from "./CaseReports";
import { CaseTimeline } from "./CaseTimeline";
import { CASE_STATUS_COLORS, MESSAGES, caseLink, caseStatusLabel } from "./cases";

type Busy = null | "note" | "merge" | "split" | "publish";

/** /admin/cases/:id: one page per case, remounted when the id changes. */
export function CaseRoute() {
  const { id = "" } = useParams();
  return <CasePage key={id} id={id} />;
}

function CasePage({ id }: { id: string }) {
  const { data, error, mutate } = useCase(id);
  const { notice, success, failure } = useNotice(6000);
  const [busy, setBusy] = useState<Busy>(null);
  const [splitInto, setSplitInto] = useState<string | null>(null);
  const head = data?.case;
  useDocumentTitle(head ? `Case ${head.reference}: ${head.title}` : "Case");

  /** Runs an action, reloads the case, and says how it went; true when it succeeded. */
  const act = async (what: Busy, task: () => Promise<unknown>, done: string, fallback: string): Promise<boolean> => {
    setBusy(what);
    try {
      await task();
      success(done);
      return true;
    } catch (cause) {
      failure((cause as Error)?.message || fallback);
      return false;
    } finally {
      setBusy(null);
      await mutate();
    }
  };

  const publish = (draft: AlertDraft) => act("publish", () => publishCaseAlert(id, draft), "The scam alert was published", MESSAGES.publishFailed);
  const split = (reportIds: string[]) =>
    act(
      "split",
      async () => setSplitInto((await splitCase(id, reportIds)).caseId),
      `${reportIds.length} report${reportIds.length === 1 ? "" : "s"} moved to a new case`,
      MESSAGES.splitFailed,
    );

  if (!data) {
    return error ? (
      <Stack gap="lg">
        <PageHeader title="Case" back={{ to: "/admin/cases", label: "Back to Cases" }} />
        <Alert color="red" variant="light" role="alert">
          {error.status === 404 ? "There is no such case." : error.message || MESSAGES.caseFailed}
        </Alert>
      </Stack>
    ) : (
      <Center py={80} role="status">
        <Loader color="brand" aria-label="Loading the case" />
      </Center>
    );
  }
  const caseHead = data.case;

  return (
    <Stack gap="lg">
      <PageHeader
        title={caseHead.title}
        subtitle={
          <Group gap="sm" component="span">
            <Code fz="sm">{caseHead.reference}</Code>
            <Badge variant="light" color={CASE_STATUS_COLORS[caseHead.status] ?? "gray"} c="ink.9" data-status={caseHead.status}>
              {caseStatusLabel(caseHead.status)}
            </Badge>
          </Group>
        }
        back={{ to: "/admin/cases", label: "Back to Cases" }}
      />
      <NoticeBanner notice={notice} />
      {caseHead.mergedInto && (
        <Alert color="yellow" variant="light">
          This case was merged into{" "}
          <Anchor component={Link} to={caseLink(caseHead.mergedInto)}>
            another case
          </Anchor>
          .
        </Alert>
      )}
      {splitInto && (
        <Alert color="brand" variant="light" role="status" withCloseButton onClose={() => setSplitInto(null)}>
          <Anchor component={Link} to={caseLink(splitInto)}>
            Open the new case
          </Anchor>
        </Alert>
      )}
      <CaseHeadForm
        key={caseHead.updatedAt}
        head={caseHead}
        onSaved={(message) => void mutate().then(() => success(message))}
        onFailed={(m) => failure(m || MESSAGES.updateFailed)}
      />
      <CaseFigures head={caseHead} />
      <CaseReports reports={data.reports} busy={busy === "split"} onSplit={caseHead.mergedInto ? undefined : (reportIds) => void split(reportIds)} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <Stack gap="md">
          <CaseAlertPanel head={caseHead} busy={busy === "publish"} onPublish={publish} />
          <CasePackPanel caseId={caseHead.id} />
          <CaseNoteForm busy={busy === "note"} onAdd={(text) => act("note", () => addCaseNote(id, text), "The note was added", MESSAGES.noteFailed)} />
          {!caseHead.mergedInto && (
            <CaseMergeForm
              reference={caseHead.reference}
              busy={busy === "merge"}
              onMerge={(other) => act("merge", () => mergeCase(id, other), "The cases were merged", MESSAGES.mergeFailed)}
            />
          )}
        </Stack>
        <CaseTimeline entries={data.timeline} />
      </SimpleGrid>
    </Stack>
  );
}
