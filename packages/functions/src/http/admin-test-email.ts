import { Admins } from "@site/core/admins";
import { Mail } from "@site/core/mail";
import { adminRoute, ok } from "../lib/http";

/** Sends a short test message to the signed-in administrator → `{email}`. */
export const handler = adminRoute(async (req) => {
  const email = await Admins.emailOf(req.admin);
  await Mail.sendTest(email);
  return ok({ email });
});
