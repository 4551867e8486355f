import { z } from "zod";
import { PetitionUpdates } from "@site/core/signature/updates";
import { parse } from "@site/core/util/zod";
import { ok, publicRoute } from "../lib/http";

const OneClick = z.object({ t: z.string().max(200).optional() });

/**
 * Leaving one petition's updates: the page posts `{token}` as JSON; a mail provider's one-click
 * (RFC 8058) posts `List-Unsubscribe=One-Click` as a form to the `?t=` address of the header.
 * → 200 `{status: "unsubscribed" | "already_unsubscribed"}`; 400 for a malformed token, 403 for one
 * that is not this signature's (nothing read or written). No per-IP limit, as for the newsletter's
 * unsubscribe: providers post many readers' unsubscribes from few addresses, and the HMAC cannot
 * be guessed (the API's throttling still applies).
 */
export const handler = publicRoute(
  async (req) => {
    const fromQuery = req.query(OneClick).t;
    const { token } = fromQuery ? parse(PetitionUpdates.StopInput, { token: fromQuery }) : req.body(PetitionUpdates.StopInput);
    return ok({ status: await PetitionUpdates.stop(req.param("id"), req.param("signatureId"), token) });
  },
  { acceptsForm: true },
);
