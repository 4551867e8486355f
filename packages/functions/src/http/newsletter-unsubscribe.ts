import { z } from "zod";
import { Newsletter } from "@site/core/newsletter";
import { ok, publicRoute } from "../lib/http";

const OneClick = z.object({ token: z.string().max(200).optional() });

/**
 * Leaving the newsletter: the unsubscribe page posts `{token}` as JSON; a mail provider's one-click
 * (RFC 8058) posts `List-Unsubscribe=One-Click` as a form to the `?token=` URL of the header.
 * → 200 `{status: "unsubscribed" | "already_unsubscribed"}`; an unknown token is a 400. No per-IP limit:
 * a provider's servers post many readers' unsubscribes from few addresses, and a 256-bit token
 * cannot be guessed (the API's throttling still applies).
 */
export const handler = publicRoute(
  async (req) => {
    const fromQuery = req.query(OneClick).token;
    const { token } = fromQuery ? { token: fromQuery } : req.body(Newsletter.UnsubscribeInput);
    return ok({ status: await Newsletter.unsubscribeByToken(token) });
  },
  { acceptsForm: true },
);
