import { Admins } from "@site/core/admins";
import { ISSUE_REQUEST_MAX_BYTES } from "@site/core/newsletter/issues/input";
import { PetitionUpdates } from "@site/core/signature/updates";
import { accepted, adminRoute } from "../lib/http";

/**
 * POST `{subject, body}` (Markdown, the newsletter issue's rules): sends the petition's outcome to its
 * signers who asked, once → 202 `{jobId, issue}`; a second send is 409, an unknown petition 404.
 */
export const handler = adminRoute(
  async (req) => {
    const content = req.body(PetitionUpdates.OutcomeInput);
    return accepted(await PetitionUpdates.sendOutcome(req.param("id"), content, await Admins.emailOf(req.admin)));
  },
  { maxBodyBytes: ISSUE_REQUEST_MAX_BYTES },
);
