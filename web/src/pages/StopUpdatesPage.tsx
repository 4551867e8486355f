import { Button } from "@mantine/core";
import { api, request } from "../lib/api";
import { SignedLinkPage } from "./SignedLinkPage";

export const STOP_UPDATES_MESSAGES = {
  incomplete: "This link is incomplete. Please open the link from your e-mail again, or copy the whole address.",
  stopped: "You will get no more updates about this petition. Your signature still counts, and nothing else changes.",
  already: "You already get no updates about this petition: there is nothing more to do.",
  unreachable: "We could not reach the site. Please check your connection and try again.",
};

/**
 * /petitions/:id/updates/unsubscribe?s=<signature id>&t=<token>: the link of a petition update's
 * e-mail. Stops that petition's updates when the signer presses the button; the newsletter and other
 * petitions' updates are not touched.
 */
export function StopUpdatesPage() {
  return (
    <SignedLinkPage
      title="Stop updates about this petition"
      intro={(title) => (
        <>
          You asked to be told how <strong>{title}</strong> does. Stop these e-mails? Your signature stays and still counts.
        </>
      )}
      incomplete={STOP_UPDATES_MESSAGES.incomplete}
      failedTitle="Nothing was changed"
      unreachable={STOP_UPDATES_MESSAGES.unreachable}
      act={async ({ id, signatureId, token }) => {
        const answer = await request<{ status: "unsubscribed" | "already_unsubscribed" }>(api.stopUpdates(id, signatureId), { body: { token } });
        return { title: "No more updates", message: answer.status === "unsubscribed" ? STOP_UPDATES_MESSAGES.stopped : STOP_UPDATES_MESSAGES.already };
      }}
      actions={({ run, working }) => (
        <Button onClick={run} loading={working}>
          Stop updates about this petition
        </Button>
      )}
    />
  );
}
