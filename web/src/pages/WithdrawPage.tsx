import { Button, Text } from "@mantine/core";
import { LinkButton } from "../components/page/LinkButton";
import { api, request } from "../lib/api";
import { SignedLinkPage } from "./SignedLinkPage";

export const WITHDRAW_MESSAGES = {
  incomplete: "This withdrawal link is incomplete. Please open the link from your e-mail again, or copy the whole address.",
  withdrawn: "Your signature has been withdrawn and no longer counts. Thank you for having been part of this petition.",
  alreadyWithdrawn: "This signature has already been withdrawn: there is nothing more to do.",
  unreachable: "We could not reach the site. Please check your connection and try again.",
};

/**
 * /petitions/:id/withdraw?s=<signature id>&t=<token>: the link every e-mail about a signature
 * carries. Withdraws the signature when the signer presses the button; a second press, or a link
 * already used, says so kindly.
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
