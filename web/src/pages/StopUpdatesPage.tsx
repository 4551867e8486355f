import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useParams, useSearchParams } from "react-router-dom";
import { LinkButton } from "../components/page";
import { usePetition } from "../hooks/usePetition";
import { ApiError, api, request } from "../lib/api";
import { NewsletterResult as ResultCard } from "./newsletter/NewsletterResult";

export const STOP_UPDATES_MESSAGES = {
  incomplete: "This link is incomplete. Please open the link from your e-mail again, or copy the whole address.",
  stopped: "You will get no more updates about this petition. Your signature still counts, and nothing else changes.",
  already: "You already get no updates about this petition: there is nothing more to do.",
  unreachable: "We could not reach the site. Please check your connection and try again.",
};

type State = { state: "idle" | "working" | "unsubscribed" | "already_unsubscribed" } | { state: "failed"; message: string };

/**
 * /petitions/:id/updates/unsubscribe?s=<signature id>&t=<token>: the link of a petition update's
 * e-mail. Stops that petition's updates only when the signer presses the button (a mail scanner
 * opening the link changes nothing); the newsletter and other petitions' updates are not touched.
 */
export function StopUpdatesPage() {
  const { id = "" } = useParams<{ id: string }>();
  const [params] = useSearchParams();
  const signatureId = params.get("s") ?? "";
  const token = params.get("t") ?? "";
  const petition = usePetition(id || undefined);
  const [result, setResult] = useState<State>({ state: "idle" });

  async function stop() {
    setResult({ state: "working" });
    try {
      const answer = await request<{ status: "unsubscribed" | "already_unsubscribed" }>(api.stopUpdates(id, signatureId), { body: { token } });
      setResult({ state: answer.status });
    } catch (err) {
      setResult({ state: "failed", message: err instanceof ApiError && err.status < 500 ? err.message : STOP_UPDATES_MESSAGES.unreachable });
    }
  }

  if (result.state === "unsubscribed" || result.state === "already_unsubscribed") {
    return (
      <ResultCard title="No more updates">
        <Text c="ink.8" fz="lg" lh={1.6} role="status">
          {result.state === "unsubscribed" ? STOP_UPDATES_MESSAGES.stopped : STOP_UPDATES_MESSAGES.already}
        </Text>
        <Group>
          <LinkButton to="/" variant="default">
            Go to Home
          </LinkButton>
        </Group>
      </ResultCard>
    );
  }
  const title = petition.data?.title;
  return (
    <ResultCard title="Stop updates about this petition">
      {title && (
        <Text c="ink.8" fz="lg" lh={1.6}>
          You asked to be told how <strong>{title}</strong> does. Stop these e-mails? Your signature stays and still counts.
        </Text>
      )}
      {!signatureId || !token ? (
        <Alert color="red" variant="light" role="alert" title="Something is wrong with this link">
          {STOP_UPDATES_MESSAGES.incomplete}
        </Alert>
      ) : (
        <Stack gap="sm">
          <Group>
            <Button onClick={() => void stop()} loading={result.state === "working"}>
              Stop updates about this petition
            </Button>
          </Group>
          {result.state === "failed" && (
            <Alert color="red" variant="light" role="alert" title="Nothing was changed">
              {result.message}
            </Alert>
          )}
        </Stack>
      )}
    </ResultCard>
  );
}
