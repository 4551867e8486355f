import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useParams, useSearchParams } from "react-router-dom";
import { LinkButton } from "../components/page";
import { usePetition } from "../hooks/usePetition";
import { ApiError, api, request } from "../lib/api";
import { NewsletterResult as ResultCard } from "./newsletter/NewsletterResult";

export const WITHDRAW_MESSAGES = {
  incomplete: "This withdrawal link is incomplete. Please open the link from your e-mail again, or copy the whole address.",
  withdrawn: "Your signature has been withdrawn and no longer counts. Thank you for having been part of this petition.",
  alreadyWithdrawn: "This signature has already been withdrawn: there is nothing more to do.",
  unreachable: "We could not reach the site. Please check your connection and try again.",
};

type State = { state: "idle" | "working" | "withdrawn" | "gone" } | { state: "failed"; message: string };

/**
 * /petitions/:id/withdraw?s=<signature id>&t=<token>: the link every e-mail about a signature
 * carries. Shows the petition and withdraws the signature only when the signer presses the button
 * (a mail scanner opening the link changes nothing). A second press, or a link already used,
 * says so kindly.
 */
export function WithdrawPage() {
  const { id = "" } = useParams<{ id: string }>();
  const [params] = useSearchParams();
  const signatureId = params.get("s") ?? "";
  const token = params.get("t") ?? "";
  const petition = usePetition(id || undefined);
  const [result, setResult] = useState<State>({ state: "idle" });

  async function withdraw() {
    setResult({ state: "working" });
    try {
      await request(api.withdraw(id, signatureId), { body: { token } });
      setResult({ state: "withdrawn" });
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) setResult({ state: "gone" });
      else setResult({ state: "failed", message: err instanceof ApiError && err.status < 500 ? err.message : WITHDRAW_MESSAGES.unreachable });
    }
  }

  const home = (
    <Group>
      <LinkButton to="/" variant="default">
        Go to Home
      </LinkButton>
    </Group>
  );
  if (result.state === "withdrawn" || result.state === "gone") {
    return (
      <ResultCard title={result.state === "withdrawn" ? "Signature withdrawn" : "Already withdrawn"}>
        <Text c="ink.8" fz="lg" lh={1.6} role="status">
          {result.state === "withdrawn" ? WITHDRAW_MESSAGES.withdrawn : WITHDRAW_MESSAGES.alreadyWithdrawn}
        </Text>
        {home}
      </ResultCard>
    );
  }
  const title = petition.data?.title;
  return (
    <ResultCard title="Withdraw your signature">
      {title && (
        <Text c="ink.8" fz="lg" lh={1.6}>
          You signed <strong>{title}</strong>. If you withdraw, your signature is deleted and the petition's count drops by one.
        </Text>
      )}
      {petition.error?.status === 404 && (
        <Text c="ink.8" role="status">
          This petition no longer exists, and with it every signature it had: there is nothing to withdraw.
        </Text>
      )}
      {!signatureId || !token ? (
        <Alert color="red" variant="light" role="alert" title="Something is wrong with this link">
          {WITHDRAW_MESSAGES.incomplete}
        </Alert>
      ) : (
        <Stack gap="sm">
          <Group>
            <Button color="red.8" onClick={() => void withdraw()} loading={result.state === "working"} disabled={petition.error?.status === 404}>
              Withdraw my signature
            </Button>
            <LinkButton to={`/sign/${encodeURIComponent(id)}`} variant="default">
              Keep my signature
            </LinkButton>
          </Group>
          {result.state === "failed" && (
            <Alert color="red" variant="light" role="alert" title="Your signature was not withdrawn">
              {result.message}
            </Alert>
          )}
        </Stack>
      )}
    </ResultCard>
  );
}
