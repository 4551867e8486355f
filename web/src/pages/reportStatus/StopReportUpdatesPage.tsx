import { Alert, Button, Group, Text } from "@mantine/core";
import { useState } from "react";
import { useSearchParams } from "react-router-dom";
import { STOP as WORDS } from "../../content/report-status";
import { ApiError, postJson } from "../../lib/api";
import { DoneResult, NewsletterResult as ResultCard } from "../newsletter/NewsletterResult";
import { REPORT_STATUS_API, type Unsubscribed } from "./reportStatusApi";
import { useHydrated } from "../../hooks/useHydrated";

type State = { state: "idle" | "working" } | { state: "done"; status: Unsubscribed["status"] } | { state: "failed"; message: string };

/**
 * /report-status/unsubscribe?r=<report id>&t=<token> (prerendered, noindex): the link of a case's status e-mail. Stops those
 * e-mails when the reporter presses the button (a mail scanner opening the link changes nothing);
 * the e-mail's List-Unsubscribe header does the same in one click from the mail program.
 */
export function StopReportUpdatesPage() {
  const [params] = useSearchParams();
  const reportId = params.get("r") ?? "";
  const token = params.get("t") ?? "";
  const [result, setResult] = useState<State>({ state: "idle" });
  // the prerendered page has no query: until the app runs it shows the button, disabled
  const hydrated = useHydrated();

  async function run() {
    setResult({ state: "working" });
    try {
      const answer = await postJson<Unsubscribed>(REPORT_STATUS_API.unsubscribe, { reportId, token }, { fallbackMessage: WORDS.unreachable });
      setResult({ state: "done", status: answer.status });
    } catch (cause) {
      setResult({ state: "failed", message: cause instanceof ApiError && cause.status > 0 && cause.status < 500 ? cause.message : WORDS.unreachable });
    }
  }

  if (result.state === "done") return <DoneResult title={WORDS.doneTitle} message={result.status === "unsubscribed" ? WORDS.stopped : WORDS.already} />;
  return (
    <ResultCard title={WORDS.title}>
      <Text c="ink.8" fz="lg" lh={1.6}>
        {WORDS.intro}
      </Text>
      {hydrated && (!reportId || !token) ? (
        <Alert color="red" variant="light" role="alert">
          {WORDS.incomplete}
        </Alert>
      ) : (
        <Group>
          <Button onClick={run} loading={result.state === "working"} disabled={!hydrated} color="brand.8">
            {WORDS.button}
          </Button>
        </Group>
      )}
      {result.state === "failed" && (
        <Alert color="red" variant="light" role="alert" title={WORDS.failedTitle}>
          {result.message}
        </Alert>
      )}
    </ResultCard>
  );
}
