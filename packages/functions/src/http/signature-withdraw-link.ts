import { Withdrawal } from "@site/core/signature/withdrawal";
import { accepted, publicRoute } from "../lib/http";

/**
 * The withdraw page's "E-mail me a link": `{send: true}` → 202 `{status: "requested"}` whether or not the
 * signature exists; the link goes to the address that signed, at most once a day (signature/withdrawal.ts).
 */
export const handler = publicRoute(async (req) => {
  req.body(Withdrawal.WithdrawLinkInput);
  await Withdrawal.countAttempt(req.meta.ipAddress);
  await Withdrawal.sendLink(req.param("id"), req.param("signatureId"));
  return accepted({ status: "requested" });
});
