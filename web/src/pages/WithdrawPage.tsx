import { Alert, Button, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { LinkButton } from "../components/page/LinkButton";
import { ApiError, api, request } from "../lib/api";
import { SignedLinkPage, type SignedLink } from "./SignedLinkPage";

export const WITHDRAW_MESSAGES = {
  incomplete: "This withdrawal link is incomplete. Please open the link from your e-mail again, or copy the whole address.",
  withdrawn: "Your signature has been withdrawn and no longer counts. Thank you for having been part of this petition.",
  alreadyWithdrawn: "This signature has already been withdrawn: there is nothing more to do.",
  unreachable: "We could not reach the site. Please check your connection and try again.",
  askForLink: "For your safety, the e-mail you may have shared carries no withdrawal link. We can e-mail one to the address that signed.",
  linkRequested:
    "If this signature exists, a link to withdraw it is on its way to the address it was signed with. It works for 90 days. Please check your inbox.",
};

/** "E-mail me a withdrawal link": the page opened without a token, or with an expired one. */
function WithdrawLinkRequest({ link }: { link: SignedLink }) {
  const [state, setState] = useState<"idle" | "working" | "sent" | { error: string }>("idle");
  async function ask() {
    setState("working");
    try {
      await request(api.withdrawLink(link.id, link.signatureId), { body: { send: true } });
      setState("sent");
    } catch (err) {
      setState({ error: err instanceof ApiError && err.status < 500 ? err.message : WITHDRAW_MESSAGES.unreachable });
    }
  }
  if (state === "sent") {
    return (
      <Alert color="teal" variant="light" role="status" title="Check your inbox">
        {WITHDRAW_MESSAGES.linkRequested}
      </Alert>
    );
  }
  return (
    <Stack gap="sm">
      <Text c="ink.8">{WITHDRAW_MESSAGES.askForLink}</Text>
      <Button color="red.8" onClick={() => void ask()} loading={state === "working"} w="fit-content">
        E-mail me a withdrawal link
      </Button>
      {typeof state === "object" && (
        <Alert color="red" variant="light" role="alert" title="No link was sent">
          {state.error}
        </Alert>
      )}
    </Stack>
  );
}

/**
 * /petitions/:id/withdraw?s=<signature id>&t=<token>: the link of the e-mails about a signature
 * (working 90 days). Withdraws the signature when the signer presses the button; a second press, or
 * a link already used, says so kindly. Without a token (the thank-you e-mail, which people forward)
 * or with an expired one, it offers to e-mail a link to the address that signed.
 */
export function WithdrawPage() {
  return (
    <SignedLinkPage
      title="Withdraw your signature"
      intro={(title) => (
        <>
          You signed <strong>{title}</strong>. If you withdraw, your signature is deleted and the petition's count drops by one.
        </>
      )}
      incomplete={WITHDRAW_MESSAGES.incomplete}
      failedTitle="Your signature was not withdrawn"
      unreachable={WITHDRAW_MESSAGES.unreachable}
      act={async ({ id, signatureId, token }) => {
        await request(api.withdraw(id, signatureId), { body: { token } });
        return { title: "Signature withdrawn", message: WITHDRAW_MESSAGES.withdrawn };
      }}
      requestLink={(link) => <WithdrawLinkRequest link={link} />}
      outcomeOfError={(error) => (error.status === 404 ? { title: "Already withdrawn", message: WITHDRAW_MESSAGES.alreadyWithdrawn } : undefined)}
      notice={(petition) =>
        petition.error?.status === 404 && (
          <Text c="ink.8" role="status">
            This petition no longer exists, and with it every signature it had: there is nothing to withdraw.
          </Text>
        )
      }
      actions={({ run, working, petition, link }) => (
        <>
          <Button color="red.8" onClick={run} loading={working} disabled={petition.error?.status === 404}>
            Withdraw my signature
          </Button>
          <LinkButton to={`/sign/${encodeURIComponent(link.id)}`} variant="default">
            Keep my signature
          </LinkButton>
        </>
      )}
    />
  );
}
