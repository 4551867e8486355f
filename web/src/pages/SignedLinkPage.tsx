import { Alert, Group, Stack, Text } from "@mantine/core";
import { useState, type ReactNode } from "react";
import { useParams, useSearchParams } from "react-router-dom";
import { usePetition } from "../hooks/usePetition";
import { ApiError } from "../lib/api";
import { DoneResult, NewsletterResult as ResultCard } from "./newsletter/NewsletterResult";

/** What the page shows once the action is done. */
export interface Outcome {
  title: string;
  message: string;
}

/** The link's parts: /petitions/:id/…?s=<signature id>&t=<token>. */
export interface SignedLink {
  id: string;
  signatureId: string;
  token: string;
}

export interface SignedLinkPageProps {
  /** The card's title before the action. */
  title: string;
  /** What the action does to this petition, given its title. */
  intro: (petitionTitle: string) => ReactNode;
  /** Shown instead of the buttons when the link lacks its signature or token. */
  incomplete: string;
  /** The title of the alert when the action failed: what did not happen. */
  failedTitle: string;
  /** The message of a failure without an answer from the site. */
  unreachable: string;
  /** Sends the action; resolves to its outcome, or throws (an ApiError's own message is shown). */
  act: (link: SignedLink) => Promise<Outcome>;
  /** An error that is an outcome of its own (a link already used), if any. */
  outcomeOfError?: (error: ApiError) => Outcome | undefined;
  /** The buttons: `run` starts the action. */
  actions: (page: { run: () => void; working: boolean; petition: ReturnType<typeof usePetition>; link: SignedLink }) => ReactNode;
  /** Anything to say about the petition itself (that it no longer exists). */
  notice?: (petition: ReturnType<typeof usePetition>) => ReactNode;
  /**
   * A way to ask for a link by e-mail: shown instead of the buttons when the link names its
   * signature without a token, and below the error when the token has expired (410).
   */
  requestLink?: (link: SignedLink) => ReactNode;
}

type State = { state: "idle" | "working" } | { state: "done"; outcome: Outcome } | { state: "failed"; message: string; expired: boolean };

/**
 * The page of a link that an e-mail about one signature carries (withdraw, stop updates): it shows
 * the petition and acts only when the signer presses its button, so a mail scanner opening the link
 * changes nothing.
 */
export function SignedLinkPage(props: SignedLinkPageProps) {
  const { id = "" } = useParams<{ id: string }>();
  const [params] = useSearchParams();
  const link: SignedLink = { id, signatureId: params.get("s") ?? "", token: params.get("t") ?? "" };
  const petition = usePetition(id || undefined);
  const [result, setResult] = useState<State>({ state: "idle" });

  async function run() {
    setResult({ state: "working" });
    try {
      setResult({ state: "done", outcome: await props.act(link) });
    } catch (err) {
      const outcome = err instanceof ApiError ? props.outcomeOfError?.(err) : undefined;
      if (outcome) setResult({ state: "done", outcome });
      else
        setResult({
          state: "failed",
          message: err instanceof ApiError && err.status < 500 ? err.message : props.unreachable,
          expired: err instanceof ApiError && err.status === 410,
        });
    }
  }

  if (result.state === "done") {
    return <DoneResult title={result.outcome.title} message={result.outcome.message} />;
  }
  const title = petition.data?.title;
  return (
    <ResultCard title={props.title}>
      {title && (
        <Text c="ink.8" fz="lg" lh={1.6}>
          {props.intro(title)}
        </Text>
      )}
      {props.notice?.(petition)}
      {!link.signatureId || (!link.token && !props.requestLink) ? (
        <Alert color="red" variant="light" role="alert" title="Something is wrong with this link">
          {props.incomplete}
        </Alert>
      ) : !link.token ? (
        props.requestLink?.(link)
      ) : (
        <Stack gap="sm">
          <Group>{props.actions({ run: () => void run(), working: result.state === "working", petition, link })}</Group>
          {result.state === "failed" && (
            <Alert color="red" variant="light" role="alert" title={props.failedTitle}>
              {result.message}
            </Alert>
          )}
          {result.state === "failed" && result.expired && props.requestLink?.(link)}
        </Stack>
      )}
    </ResultCard>
  );
}
