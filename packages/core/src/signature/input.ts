import { z } from "zod";
import { ClientDetails } from "../request/client-details";
import { EmailAddress } from "../util/email";
import { FreeText } from "../util/free-text";
import { PersonName } from "../util/person-name";

/**
 * What the sign form sends and the API receives. The browser's form imports this module: zod and
 * pure siblings only, never the AWS SDK.
 */

export { SIGN_CAPTCHA_ACTION } from "./captcha-action";

/** The sign form as the API receives it. */
export const SignInput = z.object({
  firstName: PersonName("First name"),
  lastName: PersonName("Last name"),
  email: EmailAddress({ required: "Email is required", invalid: "Please enter a valid email address.", tooLong: "Email is too long" }),
  timeshareName: FreeText("Timeshare name", { max: 200, tooLong: "Timeshare name is too long" }).optional(),
  newsletterConsent: z.boolean().optional().default(false),
  /** "Tell me how this petition does": milestone and outcome e-mails about this petition (docs/architecture.md "Updates to signers who ask"). */
  wantsUpdates: z.boolean({ error: "Tell me how this petition does must be true or false" }).optional().default(false),
  captchaToken: z.string().max(4096).optional(),
  client: ClientDetails.optional(),
});
export type SignInput = z.input<typeof SignInput>;

/** The confirmation link's token (`POST /api/petitions/{id}/signatures/{signatureId}/confirm`). */
export const ConfirmInput = z.object({ token: z.string({ error: "Token is required" }).max(200, "Token is too long") });
export type ConfirmInput = z.input<typeof ConfirmInput>;
