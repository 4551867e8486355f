import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import { useLocation, useNavigate, useParams } from "react-router-dom";
import { useIssue, useIssueAudience } from "../../../api/issues";
import { route } from "../../../api/paths";
import { useDocumentTitle } from "../../../../hooks/useDocumentTitle";
import { formatCount } from "../../../../lib/format";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { NoticeBanner } from "../../../components/NoticeBanner";
import { PageHeader } from "../../../components/PageHeader";
import { useNotice } from "../../../hooks/useNotice";
import { BODY_MAX_BYTES, SUBJECT_MAX, utf8Bytes } from "@site/core/newsletter/issues/input";
import { IssueSendPanel } from "./IssueSendPanel";
import { IssueStatusBadge } from "./IssueStatusBadge";
import { contentErrors, errorsOf, ISSUE_MESSAGES, issueRequest, type Issue, type SendStarted } from "./issuesApi";
import { PreviewFrame } from "./PreviewFrame";
import { useSendProgress } from "./useSendProgress";

const SENDING_REFRESH_MS = 2000;

type Busy = null | "save" | "test" | "send" | "resume" | "delete";
type Content = { subject: string; body: string };

/** /admin/newsletter/issues/:id ("new" for a new draft): one page per issue, remounted when the id changes. */
export function ComposeIssueRoute() {
  const { id = "new" } = useParams();
  return <ComposeIssuePage key={id} id={id === "new" ? undefined : id} />;
}

function ComposeIssuePage({ id }: { id: string | undefined }) {
  const navigate = useNavigate();
  const location = useLocation();
  const { notice, success, failure, clear } = useNotice(6000);
  const {
    data: issue,
    error: loadError,
    mutate,
  } = useIssue(id, {
    // the counts move on with each batch
    refreshInterval: (current) => (current?.status === "sending" ? SENDING_REFRESH_MS : 0),
  });
  const [subject, setSubject] = useState("");
  const [body, setBody] = useState("");
  const [saved, setSaved] = useState<Content | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<Busy>(null);
  const [confirming, setConfirming] = useState<null | "send" | "delete">(null);

  useDocumentTitle(id ? `Newsletter Issue: ${issue?.subject ?? "…"}` : "New Newsletter Issue");

  useEffect(() => {
    if (!issue || saved) return;
    setSubject(issue.subject);
    setBody(issue.body);
    setSaved({ subject: issue.subject, body: issue.body });
  }, [issue, saved]);

  // a message carried over from the page that created this draft
  useEffect(() => {
    const flash = (location.state as { flash?: string } | null)?.flash;
    if (flash) success(flash);
  }, [location.state, success]);

  const editable = !id || issue?.status === "draft";
  const dirty = !saved || subject !== saved.subject || body !== saved.body;
  const { data: audience } = useIssueAudience(editable && !!id);
  const sending = useSendProgress(issue && issue.status !== "draft" ? issue.jobId : undefined, (job) => {
    void mutate();
    if (job.status === "done")
      success(`Sent: ${formatCount(Number(job.result?.sent ?? 0))} delivered, ${formatCount(Number(job.result?.failed ?? 0))} failed.`);
    else failure(job.error || ISSUE_MESSAGES.progressFailed);
  });

  const checked = (): Content | null => {
    const content = { subject, body };
    const problems = contentErrors(content);
    setErrors(problems);
    return Object.keys(problems).length ? null : content;
  };

  const run = async <T,>(what: Exclude<Busy, null>, fallback: string, work: () => Promise<T>): Promise<T | undefined> => {
    setBusy(what);
    clear();
    try {
      return await work();
    } catch (cause) {
      const problems = errorsOf(cause, fallback);
      setErrors(problems);
      failure(problems.form);
      return undefined;
    } finally {
      setBusy(null);
    }
  };

  /** Saves the form; resolves the draft's id, undefined when it could not be saved. */
  const save = async (): Promise<string | undefined> => {
    const content = checked();
    if (!content) return undefined;
    if (id && !dirty) return id;
    const stored = await run("save", ISSUE_MESSAGES.saveFailed, () =>
      issueRequest<Issue>(id ? route("updateIssue", { id }) : route("createIssue"), ISSUE_MESSAGES.saveFailed, content),
    );
    if (!stored) return undefined;
    if (!id) {
      void navigate(`/admin/newsletter/issues/${stored.id}`, { replace: true, state: { flash: "Draft saved." } });
      return stored.id;
    }
    setSaved({ subject: stored.subject, body: stored.body });
    setSubject(stored.subject);
    await mutate(stored, { revalidate: false });
    success("Draft saved.");
    return stored.id;
  };

  const sendTest = async () => {
    const content = checked();
    if (!content) return;
    const answer = await run("test", ISSUE_MESSAGES.testFailed, () => issueRequest<{ email: string }>(route("testIssue"), ISSUE_MESSAGES.testFailed, content));
    if (answer) success(`Test e-mail sent to ${answer.email}.`);
  };

  const send = async () => {
    const draftId = await save();
    if (!draftId) {
      setConfirming(null);
      return;
    }
    const started = await run("send", ISSUE_MESSAGES.sendFailed, () =>
      issueRequest<SendStarted>(route("sendIssue", { id: draftId }), ISSUE_MESSAGES.sendFailed, {}),
    );
    setConfirming(null);
    if (!started) return;
    sending.started(started.jobId);
    await mutate();
  };

  const resume = async () => {
    if (!id) return;
    const started = await run("resume", ISSUE_MESSAGES.resumeFailed, () =>
      issueRequest<SendStarted>(route("resumeIssue", { id }), ISSUE_MESSAGES.resumeFailed, {}),
    );
    if (!started) return;
    sending.started(started.jobId);
    await mutate();
  };

  const remove = async () => {
    if (!id) return;
    const removed = await run("delete", ISSUE_MESSAGES.deleteFailed, () =>
      issueRequest<{ id: string }>(route("deleteIssue", { id }), ISSUE_MESSAGES.deleteFailed),
    );
    setConfirming(null);
    if (removed) void navigate("/admin/newsletter/issues");
  };

  if (id && loadError) {
    return (
      <Stack gap="lg">
        <PageHeader title="Newsletter Issue" back={{ to: "/admin/newsletter/issues", label: "Back to Issues" }} />
        <Alert color="red" variant="light" role="alert">
          {loadError.message || ISSUE_MESSAGES.loadFailed}
        </Alert>
      </Stack>
    );
  }

  const size = utf8Bytes(body);
  const audienceText = audience
    ? `${formatCount(audience.confirmed)} confirmed ${audience.confirmed === 1 ? "subscriber" : "subscribers"}`
    : "all confirmed subscribers";
  const locked = busy !== null || (id !== undefined && !issue);

  return (
    <Stack gap="lg">
      <PageHeader
        title={id ? "Newsletter Issue" : "New Newsletter Issue"}
        subtitle={editable ? "Write in Markdown: # headings, **bold**, [links](https://…), - lists." : undefined}
        back={{ to: "/admin/newsletter/issues", label: "Back to Issues" }}
        actions={issue && <IssueStatusBadge status={issue.status} />}
      />
      <NoticeBanner notice={notice} onClose={clear} />
      {issue && issue.status !== "draft" && <IssueSendPanel issue={issue} progress={sending} resuming={busy === "resume"} onResume={() => void resume()} />}
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Card withBorder radius="lg" padding="lg">
          <form
            noValidate
            aria-label="Compose the issue"
            onSubmit={(e) => {
              e.preventDefault();
              void save();
            }}
          >
            <Stack gap="md">
              {errors.form && !notice && (
                <Alert color="red" variant="light" role="alert">
                  {errors.form}
                </Alert>
              )}
              <TextInput
                label="Subject"
                name="subject"
                required
                maxLength={SUBJECT_MAX}
                value={subject}
                onChange={(e) => setSubject(e.currentTarget.value)}
                error={errors.subject}
                readOnly={!editable}
                disabled={locked}
              />
              <Textarea
                label="Text (Markdown)"
                name="body"
                required
                autosize
                minRows={14}
                maxRows={30}
                styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
                value={body}
                onChange={(e) => setBody(e.currentTarget.value)}
                error={errors.body}
                description={`${(size / 1024).toFixed(1)} KB of ${BODY_MAX_BYTES / 1024} KB. Raw HTML shows as text; links must start with https://, http:// or mailto:.`}
                readOnly={!editable}
                disabled={locked}
              />
              {editable && (
                <Group justify="space-between" gap="sm">
                  <Group gap="sm">
                    <Button type="submit" variant="default" loading={busy === "save"} disabled={locked || (!!id && !dirty)}>
                      Save draft
                    </Button>
                    <Button variant="light" onClick={() => void sendTest()} loading={busy === "test"} disabled={locked}>
                      Send test to me
                    </Button>
                    {id && (
                      <Button variant="subtle" color="red.7" onClick={() => setConfirming("delete")} disabled={locked}>
                        Delete draft
                      </Button>
                    )}
                  </Group>
                  <Button onClick={() => checked() && setConfirming("send")} disabled={locked || audience?.confirmed === 0}>
                    {audience?.confirmed === 0 ? "No confirmed subscribers yet" : `Send to ${audienceText}`}
                  </Button>
                </Group>
              )}
            </Stack>
          </form>
        </Card>
        <Card withBorder radius="lg" padding="lg">
          <Stack gap="sm">
            <Title order={2} fz="lg" c="ink.9">
              Preview
            </Title>
            <PreviewFrame subject={subject} body={body} />
          </Stack>
        </Card>
      </SimpleGrid>
      <ConfirmDialog
        opened={confirming === "send"}
        title="Send this issue?"
        message={
          <Text c="ink.8">
            “{subject.trim()}” goes to {audienceText} now, in batches within the sending rate. It cannot be changed or called back once sending begins.{" "}
            {dirty ? "Your changes are saved first." : ""}
          </Text>
        }
        confirmLabel="Send now"
        busy={busy === "save" || busy === "send"}
        onConfirm={() => void send()}
        onClose={() => setConfirming(null)}
      />
      <ConfirmDialog
        opened={confirming === "delete"}
        title="Delete this draft?"
        message="The draft is deleted for good."
        confirmLabel="Delete draft"
        busy={busy === "delete"}
        onConfirm={() => void remove()}
        onClose={() => setConfirming(null)}
      />
    </Stack>
  );
}
