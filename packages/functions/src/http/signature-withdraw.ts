import { Sheets } from "@site/core/sheets";
import { Withdrawal } from "@site/core/signature/withdrawal";
import { ok, publicRoute } from "../lib/http";

/**
 * The withdraw link of a signer's e-mail: `{token}` → 200 `{status: "withdrawn", signatureCount}`;
 * 403 for a token that is not this signature's (nothing read or written), 404 once it is withdrawn.
 */
export const handler = publicRoute(async (req) => {
  const { token } = req.body(Withdrawal.WithdrawInput);
  await Withdrawal.countAttempt(req.meta.ipAddress);
  const { signatureCount } = await Withdrawal.withdraw(req.param("id"), req.param("signatureId"), token);
  await Sheets.resyncSoon(["signatures"]);
  return ok({ status: "withdrawn", signatureCount });
});
