import { Button, Group, Text } from "@mantine/core";
import { useState } from "react";
import { useParams, useSearchParams } from "react-router-dom";
import { LinkButton } from "../components/page/LinkButton";
import { CONFIRM_PROMPT } from "../content/confirmation-wait";
import { MISSING_TOKEN } from "../content/newsletter";
import { formatCount } from "@site/core/petition/figures";
import { api, request, type SignatureConfirmed } from "../lib/api";
import { raiseCountFloor } from "../lib/countFloor";
import { sharePath } from "../site";
import { Failure, NewsletterResult as LinkResult } from "./newsletter/NewsletterResult";
import { messageOf } from "./newsletter/useTokenPost";

type Result = { state: "ready" } | { state: "working" } | { state: "done"; answer: SignatureConfirmed } | { state: "failed"; message: string };

/**
 * /petitions/:id/confirm?s=<signature id>&t=<token>: the link of a pending signature's e-mail.
 * Opening it confirms nothing: mail scanners open links too. The signer presses "Confirm my
 * signature" (POST /api/petitions/{id}/signatures/{s}/confirm), once; the page then shows the
 * petition's verified count.
 */
export function ConfirmSignaturePage() {
  const { id = "" } = useParams<{ id: string }>();
  const [params] = useSearchParams();
  const signatureId = params.get("s");
  const token = params.get("t");
  const [result, setResult] = useState<Result>(() => (signatureId && token ? { state: "ready" } : { state: "failed", message: MISSING_TOKEN }));

  const confirm = () => {
    if (!signatureId || !token || result.state !== "ready") return;
    setResult({ state: "working" });
    request<SignatureConfirmed>(api.confirmSignature(id, signatureId), { body: { token } }).then(
      (answer) => {
        if (answer.status === "confirmed") raiseCountFloor(id, answer.signatureCount);
        setResult({ state: "done", answer });
      },
      (err: unknown) => setResult({ state: "failed", message: messageOf(err) }),
    );
  };

  if (result.state === "ready") {
    return (
      <LinkResult title="Confirm your signature">
        <Text c="ink.8" fz="lg" lh={1.6}>
          {CONFIRM_PROMPT}
        </Text>
        <Group>
          <Button color="brand.8" size="md" onClick={confirm}>
            Confirm my signature
          </Button>
        </Group>
      </LinkResult>
    );
  }
  if (result.state === "working") return <LinkResult title="Confirming your signature" working="Confirming…" />;
  if (result.state === "failed") {
    return (
      <LinkResult title="We could not confirm your signature">
        <Failure message={result.message} />
        <Group>
          <LinkButton to={`/sign/${encodeURIComponent(id)}` as `/sign/${string}`} color="brand.8">
            Go to the petition
          </LinkButton>
        </Group>
      </LinkResult>
    );
  }
  const { answer } = result;
  return (
    <LinkResult title={answer.status === "already_confirmed" ? "Your signature was already confirmed" : "Your signature is confirmed"}>
      <Text c="ink.8" fz="lg" lh={1.6} role="status">
        {answer.status === "already_confirmed"
          ? "You had already confirmed: your signature counts, and nothing more is needed."
          : "Thank you: your signature now counts."}
      </Text>
      {answer.status === "confirmed" && (
        <Text c="ink.8" fw={700} data-testid="verified-count">
          {formatCount(answer.signatureCount)} verified signatures
        </Text>
      )}
      <Group>
        <LinkButton to={sharePath(id) as `/share/${string}`} color="brand.8">
          Share the petition
        </LinkButton>
        <LinkButton to="/" variant="default">
          Go to Home
        </LinkButton>
      </Group>
    </LinkResult>
  );
}
