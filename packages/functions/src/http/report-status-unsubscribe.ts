import { z } from "zod";
import { ReportStatus } from "@site/core/report-status";
import { parse } from "@site/core/util/zod";
import { ok, publicRoute } from "../lib/http";

const OneClick = z.object({ r: z.string().max(100).optional(), t: z.string().max(200).optional() });

/**
 * Leaving a report's status-change e-mails: the page posts `{reportId, token}` as JSON; a mail
 * provider's one-click (RFC 8058) posts `List-Unsubscribe=One-Click` as a form to the header's
 * `?r=&t=` address. → 200 `{status: "unsubscribed" | "already_unsubscribed"}`; 400 for a malformed
 * link, 403 for a token that is not this report's (nothing read or written). No per-client limit, as
 * for the petition updates' unsubscribe: providers post many readers' unsubscribes from few
 * addresses, and the HMAC cannot be guessed.
 */
export const handler = publicRoute(
  async (req) => {
    const query = req.query(OneClick);
    const { reportId, token } =
      query.r !== undefined || query.t !== undefined
        ? parse(ReportStatus.UnsubscribeInput, { reportId: query.r, token: query.t })
        : req.body(ReportStatus.UnsubscribeInput);
    return ok({ status: await ReportStatus.stop(reportId, token) } satisfies ReportStatus.Unsubscribed);
  },
  { acceptsForm: true },
);
